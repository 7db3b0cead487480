// ESLint for the whole repository (flat config): typescript-eslint's recommended rules for every
// TypeScript file, React's rules of hooks for the two React apps and the server renderer, Node and
// browser globals where each runs. `npm test` and CI run `eslint .`; Prettier keeps the form.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'build/**', 'data/**', 'coverage/**', 'uploads/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // An unused name that starts with _ is left out on purpose (a field dropped by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Objection models and koa's ctx.state are typed loosely at their edges; `any` stays visible, not forbidden.
      '@typescript-eslint/no-explicit-any': 'off',
      // The CommonJS files that tests and tools load (jest config, stubs) use require.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['storefront/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}', 'backend/src/modules/storefront/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['e2e/**/*.mjs', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'backend/test/**', 'jest.*.js', 'storefront/src/**/*.test.tsx', 'admin/src/**/*.test.tsx'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);

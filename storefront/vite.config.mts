import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  base: '/',
  plugins: [react()],
  // The shared rules, as every app imports them (tsconfig paths: @domain/*).
  resolve: { alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)) } },
  build: isSsrBuild
    ? {
        // The server entry (scripts/build.mjs builds it into storefront-server/): one CommonJS file the Koa server require()s;
        // packages stay in node_modules.
        outDir: 'dist-server',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].js', codeSplitting: false } },
      }
    : // The manifest tells the server which chunk a page's code is in (it preloads it).
      { outDir: 'dist', emptyOutDir: true, target: 'es2022', manifest: true },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
}));

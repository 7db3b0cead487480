import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react()],
  // The shared rules, as every app imports them (tsconfig paths: @domain/*).
  resolve: { alias: { '@domain': fileURLToPath(new URL('../domain', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});

import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

/** The API server (apps/server); STUDIO_API_URL points elsewhere. */
const api = process.env.STUDIO_API_URL ?? 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: api },
  '/uploads': { target: api },
};

/** The back office, served by the API server under /admin/ (platform/static-files.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { proxy },
  preview: { proxy },
});

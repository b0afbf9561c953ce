import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

/** The API server (apps/server); STUDIO_API_URL points elsewhere, e.g. a second server for screenshots. */
const api = process.env.STUDIO_API_URL ?? 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: api },
  '/uploads': { target: api },
  '/ws': { target: api.replace('http', 'ws'), ws: true },
};

/**
 * antd-mobile declares its root index side-effectful (it imports its global styles). Rolldown then
 * counts every component re-exported there as reachable from each importer, and hoists all the
 * components any lazy page uses (with their animation library) into chunks every page loads. Declaring
 * the index side-effect free keeps each component in the pages that use it; main.tsx imports the
 * global styles itself.
 */
function antdMobileBarrel(): Plugin {
  return {
    name: 'studio:antd-mobile-barrel',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'antd-mobile') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}

/**
 * antd-mobile renders its imperative Toast and Dialog through unstableSetRender, which
 * app/antd-render.ts points at React 19's createRoot before anything renders. The default it replaces
 * (rc-util's legacy ReactDOM.render, a CommonJS module with babel's regenerator: about 3 KB gzip in
 * the shell) cannot render under React 19 anyway, so the build swaps it for a stub that says what is
 * wrong. Tests and the dev server keep the original.
 */
function antdMobileLegacyRender(): Plugin {
  const stub = '\0studio:antd-mobile-legacy-render';
  const message = 'antd-mobile rendered without unstableSetRender: import app/antd-render.ts first';
  return {
    name: 'studio:antd-mobile-legacy-render',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './render' &&
        importer?.replaceAll('\\', '/').endsWith('/antd-mobile/es/utils/unstable-render.js')
      ) {
        return stub;
      }
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      const fail = `() => { throw new Error(${JSON.stringify(message)}); }`;
      return `export const render = ${fail};\nexport const unmount = ${fail};\n`;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [antdMobileBarrel(), antdMobileLegacyRender(), react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // Required by inlined common chunks (below): the entry's exports are not an API anyone imports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          /**
           * Pieces shared by a few pages (a format helper, an icon, a list row) went out as chunks of
           * 1-3 KB each: home's first load was 29 scripts, the schedule's 40. Served over HTTP/1.1 (six
           * connections to a host), each wave of them costs a round trip on a phone network before
           * the page can ask for its data. A common chunk under 12 KB of source is now copied into
           * each page that uses it (the bundler then runs modules in source order, its
           * strictExecutionOrder): home loads 12 scripts, the schedule 15, and Lighthouse's LCP on a
           * slow 4G phone fell by 200-300 ms (bench/README.md "Lighthouse"). Later pages carry a few
           * KB of copies each.
           */
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

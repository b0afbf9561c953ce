import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

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

/**
 * Writes a `.br` and a `.gz` twin beside every text file of the build (JavaScript, CSS, HTML, SVG,
 * JSON), at the highest levels, once: the server (platform/static-files.ts, @fastify/static's
 * preCompressed) answers the twin the browser accepts, so nothing is compressed per request. Files
 * under 1 KB are left alone (the headers would outweigh the saving).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((file) => /\.(js|mjs|css|html|svg|json|txt)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [antdMobileBarrel(), antdMobileLegacyRender(), react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy },
  preview: { proxy },
});

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

/**
 * Home and the schedule are where members land (the start page and the first tab). Their page chunks
 * and everything those import are `modulepreload`ed from index.html, so the browser fetches them with
 * the shell instead of after it has run and the router has asked for the page: one round trip less on
 * a phone before the page can render. The two pages share nearly all their libraries (the `ui` chunk
 * below), so a member landing on one pays a few KB for the other.
 */
function preloadStartPages(pages: readonly string[]): Plugin {
  return {
    name: 'studio:preload-start-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        for (const page of pages) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(page));
          if (!chunk) throw new Error(`preloadStartPages: no chunk for ${page}`);
          visit(chunk.fileName);
        }
        return [...files]
          .filter((fileName) => !html.includes(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * A few long-cached vendor chunks instead of dozens of tiny shared ones. Left to itself the bundler
 * cuts every antd-mobile component, hook and icon that two pages share into its own file: the
 * schedule loaded 35 scripts, each a round trip on a phone's connection. `framework` is what every
 * page runs (React, the router, TanStack Query, i18next, zustand); `ui` is antd-mobile with what it
 * pulls in (gestures, springs, rc-util, ahooks, icons) and dayjs, which nearly every page uses. The
 * libraries only one or two pages need (zod and the form library, QR reading and drawing, the other
 * languages' catalogues) are not captured and stay with their pages.
 */
const vendorChunks = [
  {
    // Every library the shell itself runs (React, the router, TanStack Query, i18next, zustand and the
    // few antd-mobile parts of the frame): one file, needed on every first visit anyway.
    name: 'framework',
    test: /[\\/]node_modules[\\/]/,
    tags: ['$initial' as const],
    priority: 2,
  },
  {
    // The rest of antd-mobile and what it pulls in, and dayjs: split by the sets of pages using them,
    // with the small splits merged, so a page loads a couple of files rather than one per component.
    name: 'ui',
    test: /[\\/]node_modules[\\/](antd-mobile|antd-mobile-icons|@use-gesture|@react-spring|@floating-ui|rc-[^\\/]+|ahooks|classnames|tslib|dayjs|lodash|js-cookie|intersection-observer|resize-observer-polyfill|screenfull|runes2|staged-components|use-sync-external-store|@babel[\\/]runtime)[\\/]/,
    minShareCount: 4,
    priority: 1,
  },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [
    antdMobileBarrel(),
    antdMobileLegacyRender(),
    react(),
    preloadStartPages(['/src/features/home/pages/home-page.tsx', '/src/features/classes/pages/schedule-page.tsx']),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  server: { proxy },
  preview: { proxy },
});

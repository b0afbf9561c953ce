import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * main.tsx paints the frame of a tab page, then imports app/start.tsx, the app itself, once the frame
 * is on screen. The page asks for the app's code and styles from its head (modulepreload and
 * stylesheet links), so they download beside main.tsx instead of after it, and the frame is painted
 * with the app's styles.
 */
function linkAppStart(): Plugin {
  return {
    name: 'studio:link-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // The chunk holding start.tsx (the bundler may give a dynamic entry no facade of its own).
        const start = Object.values(bundle).find(
          (file) =>
            file.type === 'chunk' &&
            file.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith('/src/app/start.tsx')),
        );
        if (start?.type !== 'chunk') throw new Error('no chunk of src/app/start.tsx in the build');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(start.fileName);
        const linked = (fileName: string) => html.includes(`/${fileName}"`);
        return [
          ...[...scripts].filter((f) => !linked(f)).map((f) => ({ rel: 'modulepreload', href: f })),
          ...[...styles].filter((f) => !linked(f)).map((f) => ({ rel: 'stylesheet', href: f })),
        ].map(({ rel, href }) => ({
          tag: 'link',
          attrs: {
            rel,
            crossorigin: true,
            href: `./${href}`,
            ...(rel === 'modulepreload' ? { fetchpriority: 'low' } : {}),
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The version of this build: the package's version (1.0.0 while it has none) and a short build id
 * (BUILD_ID, else the time of the build in base 36), or VITE_APP_VERSION as given. The app knows it
 * (`__APP_VERSION__`, sent as vk-app-version) and the server answers user/pub/checkVersion with the
 * one in dist/version.json, so an app open since before a deploy sees that a new version is ready.
 */
function buildVersion(): string {
  if (process.env.VITE_APP_VERSION) return process.env.VITE_APP_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version?: string };
  return `${pkg.version ?? '1.0.0'}+${process.env.BUILD_ID ?? Date.now().toString(36)}`;
}
const APP_VERSION = buildVersion();

/** Writes dist/version.json: {"version": APP_VERSION}. Never precached: it is how a new build is seen. */
function versionFile(): Plugin {
  return {
    name: 'studio:version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: APP_VERSION })}\n`,
      });
    },
  };
}

/**
 * The chunks of the staff's QR scanner (html5-qrcode with its decoder: about 370 KB), recorded as the
 * bundle is written. Members never open the scanner, so the service worker does not precache them
 * (staff load them from the network when they scan).
 */
const staffOnlyChunks = new Set<string>();
function recordStaffOnlyChunks(): Plugin {
  return {
    name: 'studio:staff-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      staffOnlyChunks.clear();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.moduleIds.some((id) => id.includes('/node_modules/html5-qrcode/'))) {
          staffOnlyChunks.add(file.fileName);
        }
      }
    },
  };
}

/**
 * The service worker (src/sw.ts, DESIGN.md "The member app as a PWA"), built into dist/sw.js with the
 * precache list of this build injected: index.html and the pages' code and styles, not their .br/.gz
 * twins (the server picks those per request) nor images (cached when shown) nor version.json. The
 * web manifest and icons are the studio's, served by the server (modules/studio/app-manifest.ts).
 * The app registers the worker itself, after its first paint (app/updates/service-worker.ts); the dev
 * server has none.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    globPatterns: ['index.html', 'assets/**/*.{js,css}'],
    manifestTransforms: [
      async (entries) => ({ manifest: entries.filter((e) => !staffOnlyChunks.has(e.url)), warnings: [] }),
    ],
    // The largest page chunk is far below this; a file above it would be left out of the precache.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  plugins: [
    antdMobileBarrel(),
    antdMobileLegacyRender(),
    react(),
    linkAppStart(),
    versionFile(),
    recordStaffOnlyChunks(),
    serviceWorker,
    precompress(),
  ],
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

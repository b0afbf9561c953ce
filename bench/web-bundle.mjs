#!/usr/bin/env node
// `node bench/web-bundle.mjs`: how much JavaScript (gzip) the member app downloads on the first load of
// a page. Builds apps/web into .tmp/web-bundle (with sourcemaps and a manifest, leaving apps/web/dist
// alone), then for each page adds up the entry chunk, its static imports and the page's lazy chunk
// with its static imports — what the browser fetches before the page can render. The sourcemaps
// then say which packages and source folders those bytes come from.
//
//   node bench/web-bundle.mjs                 # build, then the table and the breakdown of the home page
//   node bench/web-bundle.mjs --no-build      # reuse the last build in .tmp/web-bundle
//   node bench/web-bundle.mjs --browser       # also open each page in Chromium against the real server
//                                             # and count the .js files it actually fetched
//   node bench/web-bundle.mjs --chunks        # also break each chunk of those pages down by source
//   node bench/web-bundle.mjs --top=40 --json
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const outDir = path.join(root, '.tmp', 'web-bundle');

/** The pages measured: the hash route and the source file of its lazy page component. */
const PAGES = [
  { name: 'home', hash: '#/', page: 'src/features/home/pages/home-page.tsx' },
  { name: 'login', hash: '#/pages/login/index', page: 'src/features/account/pages/login-page.tsx' },
  { name: 'classes tab', hash: '#/pages/index/category', page: 'src/features/classes/pages/schedule-page.tsx' },
  { name: 'profile tab', hash: '#/pages/index/mys', page: 'src/features/profile/pages/profile-page.tsx' },
];

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
};

if (!flag('no-build')) {
  const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(
    process.execPath,
    [viteBin, 'build', '--sourcemap', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry in the build manifest');

/** A chunk's code without the sourcemap comment the measuring build adds. */
function chunkCode(file) {
  return readFileSync(path.join(outDir, file), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
}

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const code = chunkCode(file);
    size = { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

/** The chunk files a manifest key loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const total = (files) =>
  [...files].reduce(
    (sum, file) => {
      const { raw, gzip } = sizeOf(file);
      return { raw: sum.raw + raw, gzip: sum.gzip + gzip };
    },
    { raw: 0, gzip: 0 },
  );

/** The manifest key of a source file's chunk, also when the bundler gave it no facade (keyed `_<name>-<hash>.js`). */
function keyOf(source) {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => key.startsWith('_') && key.endsWith('.js') && manifest[key].name === name);
}

// The page's head links the entry and the app itself (app/start.tsx, imported once the frame is on
// screen: vite.config.ts linkAppStart), so both download at once.
const startup = staticClosure(entryKey);
const startKey = keyOf('src/app/start.tsx');
if (startKey) staticClosure(startKey, startup);
const pages = PAGES.map((page) => {
  // A page bundled with the app (home) adds nothing.
  const key = keyOf(page.page);
  const files = key ? staticClosure(key, new Set(startup)) : new Set(startup);
  return { ...page, files: [...files], ...total(files) };
});

// ---- where the bytes come from (sourcemaps) ----

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one mappings segment (base64 VLQ) into its numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Groups a source path: a node_modules package, a contract file, or a web source folder. */
function groupOf(source) {
  const rel = path.relative(root, source).split(path.sep).join('/');
  const nm = rel.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = rel.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (rel.startsWith('packages/contract/')) return `contract: ${rel.slice('packages/contract/src/'.length)}`;
  const web = /^apps\/web\/src\/(features\/[^/]+|[^/]+)/.exec(rel);
  if (web) return `web: ${web[1]}`;
  return rel;
}

/** Raw bytes of one chunk by source group, from its sourcemap; gzip shared out in proportion. */
function breakdown(file) {
  const code = chunkCode(file);
  const mapFile = path.join(outDir, `${file}.map`);
  const { raw, gzip } = sizeOf(file);
  // Chunks the bundler writes itself (its runtime) have no sourcemap.
  if (!existsSync(mapFile)) return [{ group: '(bundler runtime)', raw, gzip }];
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const sources = map.sources.map((s) => groupOf(path.resolve(path.dirname(path.join(outDir, file)), s)));
  const bytes = new Map();
  const add = (group, n) => bytes.set(group, (bytes.get(group) ?? 0) + n);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l];
    const segments = (mappingLines[l] ?? '').split(',').filter(Boolean);
    let column = 0;
    let previous = { column: 0, group: '(unmapped)' };
    for (const segment of segments) {
      const [dColumn, dSource] = decodeSegment(segment);
      column += dColumn;
      if (dSource !== undefined) sourceIndex += dSource;
      add(previous.group, Buffer.byteLength(line.slice(previous.column, column)));
      previous = { column, group: dSource === undefined ? '(unmapped)' : sources[sourceIndex] };
    }
    add(previous.group, Buffer.byteLength(line.slice(previous.column)) + 1);
  }
  return [...bytes].map(([group, n]) => ({ group, raw: n, gzip: (n * gzip) / raw }));
}

function breakdownOf(files) {
  const groups = new Map();
  for (const file of files) {
    for (const { group, raw, gzip } of breakdown(file)) {
      const sum = groups.get(group) ?? { raw: 0, gzip: 0 };
      groups.set(group, { raw: sum.raw + raw, gzip: sum.gzip + gzip });
    }
  }
  return [...groups].map(([group, s]) => ({ group, ...s })).sort((a, b) => b.gzip - a.gzip);
}

// ---- the same pages in Chromium, against the real server ----

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** The stored session (lifeData.user) of a member, logged in through the API. */
async function logIn(base, credentials) {
  const response = await fetch(`${base}/api/router`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'user/pub/login', data: credentials }),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`login as ${credentials.username}: ${answer.code} ${answer.msg}`);
  return {
    uni_id_token: answer.vk_uni_token.token,
    uni_id_token_expired: answer.vk_uni_token.tokenExpired,
    uni_id_user_info: answer.userInfo,
  };
}

/** Opens each page in a fresh Chromium context and sums the gzip size of every .js file it fetched. */
async function measureInBrowser() {
  // playwright-core comes with e2e's @playwright/test; the browser is Debian's Chromium (no download).
  const { chromium } = await import('playwright-core');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'web-bundle-'));
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: outDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MIN: '100000',
      },
    },
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, server);
    const results = [];
    // The measured pages as an anonymous visitor, then home as returning visitors: one who chose
    // 简体中文 (its catalogue is a chunk of its own) and the demo member (token refresh, websocket).
    const visits = [
      ...PAGES,
      { ...PAGES[0], name: 'home, zh-Hans chosen', app: { locale: 'zh-Hans' } },
      { ...PAGES[0], name: 'home, member logged in', member: { username: 'member', password: 'demo1234' } },
    ];
    for (const visit of visits) {
      const state = { app: { locale: null, deviceId: 'web-bundle', tokenRefreshedOn: null, ...visit.app } };
      if (visit.member) state.user = await logIn(base, visit.member);
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
      await context.addInitScript(
        (stored) => {
          localStorage.setItem('lifeData', stored);
        },
        JSON.stringify({ state, version: 1 }),
      );
      const tab = await context.newPage();
      const fetched = new Set();
      tab.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.endsWith('.js')) fetched.add(pathname.replace(/^\//, ''));
      });
      await tab.goto(`${base}/${visit.hash}`, { waitUntil: 'networkidle' });
      await context.close();
      const pageChunk = manifest[keyOf(visit.page) ?? '']?.file;
      if (pageChunk && !fetched.has(pageChunk))
        throw new Error(`${visit.hash} did not load ${pageChunk}: is the hash right?`);
      const zod = [...fetched].some((file) => breakdown(file).some((g) => g.group === 'zod'));
      results.push({ name: visit.name, hash: visit.hash, files: [...fetched].sort(), zod, ...total(fetched) });
    }
    return results;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- report ----

const top = Number(option('top', 25));
const homeBreakdown = breakdownOf(pages[0].files);
const browser = flag('browser') ? await measureInBrowser() : null;
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();

if (flag('json')) {
  console.log(
    JSON.stringify(
      { commit, startup: { files: [...startup], ...total(startup) }, pages, browser, homeBreakdown },
      null,
      2,
    ),
  );
} else {
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'apps/web', 'packages/contract'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  console.log(`web bundle at ${commit}${dirty ? ' (with uncommitted changes)' : ''}; KB = 1024 bytes, gzip -9\n`);
  console.log('| first load of | JS files | raw KB | gzip KB |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| shell only (entry + static imports) | ${startup.size} | ${kb(total(startup).raw)} | ${kb(total(startup).gzip)} |`,
  );
  for (const p of pages)
    console.log(`| \`${p.hash}\` (${p.name}) | ${p.files.length} | ${kb(p.raw)} | ${kb(p.gzip)} |`);
  for (const p of browser ?? []) {
    const zod = p.zod ? ', zod among them' : '';
    console.log(`| \`${p.hash}\` (${p.name}) in Chromium${zod} | ${p.files.length} | ${kb(p.raw)} | ${kb(p.gzip)} |`);
  }
  console.log(`\nfirst load of ${pages[0].hash}, by source (gzip shared out by raw bytes within each chunk):\n`);
  console.log('| source | raw KB | ≈ gzip KB |');
  console.log('|---|---:|---:|');
  for (const g of homeBreakdown.slice(0, top)) console.log(`| ${g.group} | ${kb(g.raw)} | ${kb(g.gzip)} |`);
  const rest = homeBreakdown.slice(top);
  if (rest.length > 0) {
    const sum = rest.reduce((s, g) => ({ raw: s.raw + g.raw, gzip: s.gzip + g.gzip }), { raw: 0, gzip: 0 });
    console.log(`| ${rest.length} more | ${kb(sum.raw)} | ${kb(sum.gzip)} |`);
  }
  for (const p of pages) console.log(`\n${p.name}: ${p.files.map((f) => `${f} ${kb(sizeOf(f).gzip)}`).join(', ')}`);
  if (flag('chunks')) {
    for (const file of new Set(pages.flatMap((p) => p.files))) {
      const groups = breakdownOf([file]).slice(0, 12);
      console.log(`\n${file}: ${groups.map((g) => `${g.group} ${kb(g.gzip)}`).join(', ')}`);
    }
  }
  for (const p of browser ?? []) console.log(`\n${p.name} in Chromium: ${p.files.join(', ')}`);
}

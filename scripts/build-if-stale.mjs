#!/usr/bin/env node
// `npm start`'s first step: builds the member app and the back office only when what they are built
// from changed since their last build, so a restart serves in seconds. What an app is built from (its
// own folder, the shared packages, the lock file, the configuration and the variables its build
// reads) is hashed into <app>/dist/.build-stamp after a build; an app whose hash still matches is
// left as it is. A build made another way (`npm run build -w @studio/web`) writes no stamp, so the
// next start builds once more. `node scripts/build-if-stale.mjs --check` only says which are stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const APPS = [
  { workspace: '@studio/web', dir: 'apps/web' },
  { workspace: '@studio/admin', dir: 'apps/admin' },
];
/** Inputs every app's build reads besides its own folder. */
const SHARED = [
  'packages/contract',
  'packages/client',
  'scripts/vite-precompress.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
/** Variables the builds read (vite.config.ts: VITE_APP_VERSION, BUILD_ID; the apps: VITE_*). */
const BUILD_ENV = (name) => name.startsWith('VITE_') || name === 'BUILD_ID';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.tmp']);
/** Files no build reads: tests and notes. */
const SKIPPED_FILE = /\.test\.[cm]?[jt]sx?$|\.md$/;
const STAMP = '.build-stamp';

/** Every file under `entry` (a file or a folder) that a build may read, relative to the root. */
function inputsOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return SKIPPED_FILE.test(entry) ? [] : [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    const name = path.posix.join(entry, child.name);
    if (child.isDirectory()) return SKIPPED_DIRS.has(child.name) ? [] : inputsOf(name);
    return child.isFile() && !SKIPPED_FILE.test(child.name) ? [name] : [];
  });
}

/** The hash of everything `app` is built from: file names and contents, and the build's variables. */
function sourceHash(app) {
  const hash = createHash('sha256');
  const files = [...new Set([app.dir, ...SHARED].flatMap(inputsOf))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  const env = Object.keys(process.env).filter(BUILD_ENV).sort();
  for (const name of env) hash.update(`${name}=${process.env[name]}\n`);
  return hash.digest('hex');
}

function stampOf(app) {
  const file = path.join(root, app.dir, 'dist', STAMP);
  return existsSync(file) && existsSync(path.join(root, app.dir, 'dist', 'index.html'))
    ? readFileSync(file, 'utf8').trim()
    : null;
}

const checkOnly = process.argv.includes('--check');
let failed = false;
for (const app of APPS) {
  const started = Date.now();
  const hash = sourceHash(app);
  if (stampOf(app) === hash) {
    console.log(`${app.workspace}: up to date, not rebuilt (${Date.now() - started} ms to check)`);
    continue;
  }
  if (checkOnly) {
    console.log(`${app.workspace}: stale`);
    continue;
  }
  console.log(`${app.workspace}: sources changed since the last build, building…`);
  const build = spawnSync('npm', ['run', 'build', '-w', app.workspace], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    failed = true;
    console.error(`${app.workspace}: the build failed`);
    continue;
  }
  // The hash taken before the build: a file changed during it makes the next start build again.
  writeFileSync(path.join(root, app.dir, 'dist', STAMP), `${hash}\n`);
  console.log(`${app.workspace}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);

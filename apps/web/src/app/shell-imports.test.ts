// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What the shell loads before any page: every module reachable from main.tsx and app/start.tsx through imports that
 * stay at run time (not `import type`, not a dynamic import()). It includes the home page, where most
 * visits start (app/routes.ts), and with it dayjs for its class times. Zod, the form and QR libraries
 * and the other languages' catalogues must load with the pages that use them, never here.
 */

const webSrc = fileURLToPath(new URL('..', import.meta.url));
const contractSrc = path.resolve(webSrc, '../../../packages/contract/src');
const clientSrc = path.resolve(webSrc, '../../../packages/client/src');

/** Module specifiers a file imports at run time. */
function runtimeImports(source: string): string[] {
  const out: string[] = [];
  const statement = /^(?:import|export)\s+([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm;
  for (const [, clause = '', specifier] of source.matchAll(statement)) {
    if (/^type\b/.test(clause)) continue;
    // `import { type A, type B } from 'x'` is erased too.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(',').every((name) => !name.trim() || /^type\s/.test(name.trim()))) continue;
    out.push(specifier as string);
  }
  return out;
}

function resolveFile(specifier: string, importer: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(webSrc, specifier.slice(2));
  else if (specifier.startsWith('@studio/contract/')) base = path.join(contractSrc, specifier.slice(17));
  else if (specifier.startsWith('@studio/client/')) base = path.join(clientSrc, specifier.slice(15));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(importer), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (existsSync(candidate) && /\.(tsx?|json)$/.test(candidate)) return candidate;
  }
  return null;
}

function graphFrom(...entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.join(webSrc, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.json')) continue;
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      if (specifier.endsWith('.css')) continue;
      const resolved = resolveFile(specifier, file);
      if (resolved) queue.push(resolved);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) packages.add(specifier);
    }
  }
  return { files, packages };
}

describe('the frame (main.tsx, painted before the app runs)', () => {
  const { packages } = graphFrom('main.tsx');

  // It may use the tab icons (plain functions over React's element factory) and the store that holds
  // the member's language; the app's machinery comes with app/start.tsx.
  it.each(['react-dom', 'react-router', '@tanstack/react-query', 'i18next', 'react-i18next', 'dayjs'])(
    'loads no %s',
    (name) => {
      expect([...packages].filter((p) => p === name || p.startsWith(`${name}/`))).toEqual([]);
    },
  );
  it('uses the tab icons and the store', () => {
    expect([...packages]).toEqual(expect.arrayContaining(['antd-mobile-icons', 'zustand']));
  });
});

describe('the shell', () => {
  // The head links the app (app/start.tsx) beside main.tsx: both load before any page.
  const { files, packages } = graphFrom('main.tsx', 'app/start.tsx');
  const relative = [...files].map((f) => path.relative(webSrc, f).split(path.sep).join('/'));

  it('is found from main.tsx and app/start.tsx', () => {
    expect(relative).toEqual(
      expect.arrayContaining([
        'main.tsx',
        'app/start.tsx',
        'app/router.tsx',
        'shared/api/call-function.ts',
        'features/home/pages/home-page.tsx',
      ]),
    );
    // The shared client package is followed too, so what it imports counts against the shell.
    expect(relative).toContain('../../../packages/client/src/client.ts');
  });

  it.each(['zod', '@hookform/resolvers', 'react-hook-form', 'qrcode', 'html5-qrcode'])('loads no %s', (name) => {
    expect([...packages].filter((p) => p === name || p.startsWith(`${name}/`))).toEqual([]);
  });

  it('loads only the English catalogue', () => {
    expect(relative.filter((f) => f.startsWith('i18n/locales/') && !f.startsWith('i18n/locales/en'))).toEqual([]);
  });
});

// Read by first screens that have no form: the cart sync (at launch for a logged-in member, app.tsx),
// the orders and coupons modules (the profile tab's counts and balances, the order pages).
describe.each([
  'shared/shop/cart.ts',
  'shared/orders/orders.ts',
  'shared/coupons/coupons.ts',
  'features/orders/api/orders.ts',
  'features/coupons/api/coupons.ts',
])('%s', (file) => {
  it('loads no zod: its calls go by reference', () => {
    const { packages } = graphFrom(file);
    expect([...packages].filter((p) => p === 'zod' || p.startsWith('zod/'))).toEqual([]);
  });
});

// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Imports run one way: shared → features → app. A feature that imports the app shell (or shared code
 * that imports a feature) ties the layers into a knot: route paths live in shared/navigation/paths.ts
 * for that reason. Tests that mount the whole app live in app/.
 */

const webSrc = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file: specifier` for every import (static or dynamic) of a forbidden layer under `dir`. */
export function importsOf(dir: string, forbidden: RegExp): string[] {
  const found: string[] = [];
  for (const file of filesUnder(path.join(webSrc, dir))) {
    const source = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of source.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
      if (forbidden.test(specifier)) found.push(`${path.relative(webSrc, file)}: ${specifier}`);
    }
  }
  return found;
}

describe('import direction', () => {
  it('no feature imports the app shell', () => {
    expect(importsOf('features', /^@\/app(\/|$)/)).toEqual([]);
  });

  it('shared code imports neither features nor the app shell', () => {
    expect(importsOf('shared', /^@\/(app|features)(\/|$)/)).toEqual([]);
  });

  it('would catch a violation', () => {
    expect(importsOf('app', /^@\/shared\/navigation\/paths$/).length).toBeGreaterThan(0);
  });
});

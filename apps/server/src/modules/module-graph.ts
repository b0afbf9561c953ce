import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * The module-level import graph of the server (modules/<m>/... importing ../<n>/...): what the
 * module-graph test holds free of cycles, and what docs/module-graph.md shows a newcomer. Test code
 * (*.test.ts, testing.ts, test-helpers.ts) may reach into any module and is left out.
 */

export type ModuleGraph = Map<string, Set<string>>;

const isTestCode = (file: string) =>
  file.endsWith('.test.ts') || file === 'testing.ts' || file === 'test-helpers.ts' || file === 'image-fixtures.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !isTestCode(name) ? [full] : [];
  });
}

/** Every `from '...'` / `import('...')` specifier of a source file. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]!);
}

/** The modules of `modulesDir` (one folder each) and which other modules each imports. */
export function moduleGraph(modulesDir: string): ModuleGraph {
  const modules = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());
  const graph: ModuleGraph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const m of modules) {
    for (const file of sourceFiles(path.join(modulesDir, m))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
        if (target !== m && graph.has(target)) graph.get(m)!.add(target);
      }
    }
  }
  return graph;
}

/** A cycle of the graph as the path that closes it (`[a, b, a]`), or null when there is none. */
export function findCycle(graph: ModuleGraph): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (m: string): string[] | null => {
    if (state.get(m) === 'done') return null;
    if (state.get(m) === 'open') return [...trail.slice(trail.indexOf(m)), m];
    state.set(m, 'open');
    trail.push(m);
    for (const next of [...(graph.get(m) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(m, 'done');
    return null;
  };
  for (const m of [...graph.keys()].sort()) {
    const cycle = visit(m);
    if (cycle) return cycle;
  }
  return null;
}

/** Each module's layer in an acyclic graph: 0 imports no module, n imports only layers below n. */
export function layersOf(graph: ModuleGraph): Map<string, number> {
  const layers = new Map<string, number>();
  const layer = (m: string): number => {
    const known = layers.get(m);
    if (known !== undefined) return known;
    const deps = [...(graph.get(m) ?? [])];
    const value = deps.length === 0 ? 0 : 1 + Math.max(...deps.map(layer));
    layers.set(m, value);
    return value;
  };
  for (const m of graph.keys()) layer(m);
  return layers;
}

/** docs/module-graph.md: the layers, bottom first, with what each module imports. */
export function moduleGraphDoc(graph: ModuleGraph): string {
  const layers = layersOf(graph);
  const rows = [...graph.keys()]
    .sort((a, b) => layers.get(a)! - layers.get(b)! || a.localeCompare(b))
    .map(
      (m) =>
        `| ${layers.get(m)} | \`${m}\` | ${
          [...graph.get(m)!]
            .sort()
            .map((d) => `\`${d}\``)
            .join(', ') || '—'
        } |`,
    );
  return [
    "# The server's modules, in layers",
    '',
    'Generated from the imports by `apps/server/src/modules/module-graph.test.ts`, which fails when this',
    'file is out of date (run `npm run module-graph -w @studio/server` to rewrite it) or when the graph',
    'has a cycle. A module imports another only through its `index.ts`, and only from a lower layer:',
    'layer 0 imports no module; layer n imports only layers below n. Reactions that would point',
    'upwards (a paid order issuing packages, a settled payment paying an order) are subscribers of',
    'domain events (docs/architecture.md, Events).',
    '',
    '| layer | module | imports |',
    '|---:|---|---|',
    ...rows,
    '',
  ].join('\n');
}

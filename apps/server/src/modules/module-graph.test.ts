import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycle, layersOf, type ModuleGraph, moduleGraph, moduleGraphDoc } from './module-graph';

const modulesDir = import.meta.dirname;
const docPath = path.resolve(modulesDir, '../../../../docs/module-graph.md');
const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([m, deps]) => [m, new Set(deps)]));

describe('module graph', () => {
  it('has no cycle: every module imports only modules below it', () => {
    const graph = moduleGraph(modulesDir);
    expect(graph.size).toBeGreaterThan(15);
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a cycle however long, and only a real one', () => {
    expect(findCycle(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(graphOf({ orders: ['payments'], payments: ['orders'] }))).toEqual([
      'orders',
      'payments',
      'orders',
    ]);
    // A diamond shares a dependency without a cycle.
    expect(findCycle(graphOf({ top: ['left', 'right'], left: ['base'], right: ['base'], base: [] }))).toBeNull();
    expect(layersOf(graphOf({ top: ['left', 'right'], left: ['base'], right: ['left'], base: [] }))).toEqual(
      new Map([
        ['base', 0],
        ['left', 1],
        ['right', 2],
        ['top', 3],
      ]),
    );
  });

  it('reads the imports of the real files: a module that imports another through any path counts', () => {
    const graph = moduleGraph(modulesDir);
    // The seam at work: payments knows nothing of what its payments pay for.
    expect([...graph.get('payments')!]).not.toContain('orders');
    expect([...graph.get('payments')!]).not.toContain('wallet');
    // And a known edge is seen.
    expect([...graph.get('orders')!]).toContain('catalog');
  });

  it('docs/module-graph.md is the graph of today', () => {
    expect(readFileSync(docPath, 'utf8')).toBe(moduleGraphDoc(moduleGraph(modulesDir)));
  });
});

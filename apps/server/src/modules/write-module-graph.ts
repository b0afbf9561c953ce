/** Rewrites docs/module-graph.md from the imports (`npm run module-graph -w @studio/server`). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { findCycle, moduleGraph, moduleGraphDoc } from './module-graph';

const graph = moduleGraph(import.meta.dirname);
const cycle = findCycle(graph);
if (cycle) {
  process.stderr.write(`The modules import each other in a circle: ${cycle.join(' → ')}\n`);
  process.exit(1);
}
writeFileSync(path.resolve(import.meta.dirname, '../../../../docs/module-graph.md'), moduleGraphDoc(graph));

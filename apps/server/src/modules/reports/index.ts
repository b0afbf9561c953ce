/**
 * The reports module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { reportHandlers } from './calls';
export { takingsOn } from './revenue';

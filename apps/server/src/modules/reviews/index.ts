/**
 * The reviews module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { reviewHandlers } from './calls';
export { reviewSubjects, writeReviews } from './service';

/**
 * The studio module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */

export { APP_INDEX_FILES, appIndexRoutes } from './app-index';
export { appManifestRoutes } from './app-manifest';
export { merchantHandlers } from './calls';

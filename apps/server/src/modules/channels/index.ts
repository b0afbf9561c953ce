/**
 * The channels module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 * Notices leave the app here: e-mail, SMS and Web Push, by the members' preferences.
 */
export { channelHandlers } from './calls';
export { channelSweeps } from './deliver';
export { channelSubscribers } from './subscribers';
export { unsubscribeRoutes } from './unsubscribe-route';

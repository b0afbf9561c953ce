/**
 * The agreements module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { agreementHandlers } from './calls';
export { recordTopUpAgreement } from './service';
export { agreementSubscribers } from './subscribers';

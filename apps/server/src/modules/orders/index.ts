/**
 * The orders module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { orderHandlers, orderSweeps } from './calls';
export { isOrderOf, lastOrdersOf } from './member-orders';
export { completePickup, findPickup, type Handover } from './pickup';
export {
  type CreditLiabilities,
  creditLiabilities,
  discountsSpent,
  type RevenueCell,
  revenueCells,
  type SoldLine,
  soldLines,
} from './reports';
export { orderSubscribers } from './subscribers';

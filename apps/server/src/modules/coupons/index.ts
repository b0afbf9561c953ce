/**
 * The coupons module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { couponNames } from './admin';
export { couponHandlers } from './calls';
export { checkoutCoupons, couponGoodsIds, readCheckoutCopies, spendCoupon } from './checkout';
export { grantCoupon, revokeUnusedCoupon } from './grants';
export { couponCopies } from './report-sources';
export { seedCoupons } from './seed';
export { couponSubscribers } from './subscribers';
export { couponSweeps } from './sweeps';

/**
 * The catalog module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { catalogHandlers, catalogSweeps } from './calls';
export { goodsOnSaleCounts } from './counts';
export { seedShop } from './seed';
export {
  goodsNames,
  holdStock,
  type PackageTerms,
  packagesOnSale,
  packageTermsOf,
  returnStock,
  type SkuSnapshot,
  skuSnapshots,
} from './service';
export { catalogSubscribers } from './subscribers';

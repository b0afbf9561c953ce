/**
 * The packages module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { packageHandlers } from './calls';
export { packagesOwingCredits } from './report-sources';
export {
  countPackageHolders,
  expiringPackages,
  firstCreditTaking,
  hasPayablePackage,
  issuePackage,
  listMyPackages,
  orderPackagesToVoid,
  orderPackagesUnused,
  packageHolderIdsAfter,
  payablePackageRecords,
  returnCredit,
  takeCreditForSession,
  voidOrderPackages,
} from './service';
export { packageSubscribers } from './subscribers';
export { packageSweeps } from './sweeps';

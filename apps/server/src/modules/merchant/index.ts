/**
 * The merchant module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export {
  forgetStudioRow,
  getMerchant,
  isShopId,
  MERCHANT_ID,
  type MerchantRow,
  saveMerchant,
  seedStudioRow,
  selectOnStudioRow,
  shopSettingsOf,
  studioRow,
  studioZoneOffsets,
  toAdminMerchantRecord,
  toMchInfo,
} from './service';

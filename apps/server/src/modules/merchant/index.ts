/**
 * The merchant module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { seedStudioCountry, studioCountry, studioPhone } from './phone';
export {
  forgetStudioRow,
  getMerchant,
  isShopId,
  MERCHANT_ID,
  type MerchantRow,
  saveMerchant,
  seedPayTypes,
  seedStudioRow,
  selectOnStudioRow,
  shopSettingsOf,
  studioProfileGaps,
  studioRow,
  studioZoneOffsets,
  toAdminMerchantRecord,
  toMchInfo,
} from './service';

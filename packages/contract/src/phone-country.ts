import { z } from 'zod';

/*
 * The studio's country (a setting): phone numbers typed without a "+" are read as numbers of it, and
 * shown in its national format (phone.ts). Kept apart from phone.ts so that the settings schemas
 * (merchant.ts) do not load the phone-number metadata.
 */

/**
 * A studio that never chose keeps reading numbers as it did before the setting existed: mainland
 * Chinese mobiles (the spec's 11 digits). The demo studio, in London, is seeded with `GB`.
 */
export const DEFAULT_PHONE_COUNTRY = 'CN';

/** ISO 3166-1 alpha-2, upper case (GB, CN, US…); the server also checks that phone.ts knows it. */
export const phoneCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

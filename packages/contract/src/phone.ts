import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/mobile';
import { PHONE_INPUT_RE } from './phone-input';

/*
 * Phone numbers of the studio's country (setting `country`, phone-country.ts): parsed, checked and
 * formatted with libphonenumber-js and its mobile-only metadata (the smallest set that can tell a
 * mobile from a landline). Stored in E.164 (+447700900123); shown in the national format of the
 * studio's country (07700 900123), numbers of other countries in the international one.
 * Only the pages that take or show a number load this file (about 35 KB gzip).
 */

/**
 * Mobile numbers reserved for drama, which nobody holds (Ofcom: 07700 900000–900999): the demo
 * studio and the tests use them. libphonenumber's metadata lists them as unassigned.
 */
const FICTIONAL_MOBILES = [/^\+447700900\d{3}$/];

/** `mobile`: a number that can receive a text (SMS log-in, binding, reset); `any`: a landline too (addresses). */
export type PhoneKind = 'mobile' | 'any';

/** The countries whose numbers this file knows, for the setting's choices. */
export const PHONE_COUNTRIES: readonly string[] = getCountries();

export function isPhoneCountry(country: string): boolean {
  return isSupportedCountry(country);
}

/** "+44" for GB. */
export function callingCodeOf(country: string): string {
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country)}` : '';
}

/**
 * The number in E.164, read as a number of `country` unless it starts with "+"; null when it is not
 * one (`mobile`: not a mobile number).
 */
export function normalisePhone(input: string, country: string, kind: PhoneKind = 'mobile'): string | null {
  const text = input.trim();
  if (!PHONE_INPUT_RE.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, isSupportedCountry(country) ? (country as CountryCode) : undefined);
  if (!parsed) return null;
  const e164 = parsed.number;
  if (kind === 'any') return parsed.isPossible() ? e164 : null;
  return parsed.isValid() || FICTIONAL_MOBILES.some((re) => re.test(e164)) ? e164 : null;
}

/**
 * A stored number as people read it: national format for a number of `country` (07700 900123),
 * international for the others (+86 138 1234 5678); what is not a number is shown as it is.
 */
export function formatPhone(stored: string, country: string): string {
  const parsed = parsePhoneNumberFromString(stored, isSupportedCountry(country) ? (country as CountryCode) : undefined);
  if (!parsed) return stored;
  const home = isSupportedCountry(country) && parsed.countryCallingCode === getCountryCallingCode(country);
  return home ? parsed.formatNational() : parsed.formatInternational();
}

/** The stored number formatted, its middle digits hidden: its first group and last three digits show ("07700 ***123"). */
export function maskPhone(stored: string, country: string): string {
  const shown = formatPhone(stored, country);
  const space = shown.indexOf(' ');
  const head = space > 0 ? space : Math.min(3, shown.length);
  const digits = [...shown.slice(head)].filter((c) => /\d/.test(c)).length;
  if (digits <= 3) return shown;
  let seen = 0;
  const tail = [...shown.slice(head)].map((c) => {
    if (!/\d/.test(c)) return c;
    seen += 1;
    return seen <= digits - 3 ? '*' : c;
  });
  return shown.slice(0, head) + tail.join('');
}

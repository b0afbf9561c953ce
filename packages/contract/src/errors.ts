import type { ErrorDef } from './error-def';
import { accountErrors } from './errors-account';
import { classErrors } from './errors-classes';
import { shopErrors } from './errors-shop';
import type { Locale } from './locale';

/**
 * Every error the API can answer. The key is the error name (the i18n key on the client:
 * `errors.<NAME>`); `{param}` placeholders are filled from the error's params.
 */
export const ERRORS = { ...accountErrors, ...classErrors, ...shopErrors } as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorParams = Record<string, string | number>;

export function errorDef(name: ErrorName): ErrorDef {
  return ERRORS[name];
}

/** The envelope `code` for an error: the spec's number where it has one, else its name. */
export function envelopeCode(name: ErrorName): number | string {
  return (ERRORS[name] as ErrorDef).code ?? name;
}

export function httpStatus(name: ErrorName): number {
  return (ERRORS[name] as ErrorDef).http ?? 200;
}

export function interpolate(template: string, params: ErrorParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function errorMessage(name: ErrorName, locale: Locale, params?: ErrorParams): string {
  return interpolate(ERRORS[name].msg[locale], params);
}

const byEnvelopeCode = new Map<number | string, ErrorName>(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [envelopeCode(name), name]),
);

/** The error name for an envelope code, for clients that translate errors themselves. */
export function errorNameOf(code: number | string): ErrorName | undefined {
  return byEnvelopeCode.get(code);
}

/**
 * Codes after which the client must clear its token and send the user to login (spec section 8):
 * this server's numeric ones, and the named ones other uni-id back ends answer.
 */
export const TOKEN_ERROR_CODES: ReadonlySet<number | string> = new Set([
  30201,
  30202,
  30203,
  30204,
  1301,
  1302,
  'uni-id-token-expired',
  'uni-id-check-token-failed',
  'uni-id-token-not-exist',
  'uni-id-check-device-feature-failed',
  'TOKEN_INVALID',
]);

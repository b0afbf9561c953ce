import type { z } from 'zod';
import type { CallPermission } from './permissions';
import type { TokenInfo } from './protocol';

/*
 * The zod-free half of the call protocol: what a client needs to send calls and read answers. The web
 * app's shell imports this instead of protocol.ts so that zod (about 28 KB gzip) loads only with the
 * pages that parse with schemas (forms). protocol.ts re-exports everything here.
 */

/** Who may call a function, decided by its url (API.md "Access by group"). */
export type AccessGroup = 'pub' | 'kh' | 'sys' | 'private';

export function accessGroupOf(url: string): AccessGroup {
  const parts = url.split('/');
  const fn = parts.at(-1) ?? '';
  const fnName = fn.includes('.') ? fn.slice(fn.lastIndexOf('.') + 1) : fn;
  if (fnName.startsWith('_')) return 'private';
  const segments = parts.flatMap((p) => p.split('.'));
  if (segments[0] === 'admin' || segments.includes('sys') || fnName.startsWith('sys_')) return 'sys';
  if (segments.includes('pub') || fnName.startsWith('pub_')) return 'pub';
  return 'kh';
}

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, U extends string = string> {
  url: U;
  input: I;
  output: O;
  /** The permission that grants this sys call to a member without the admin role. */
  permission?: CallPermission;
  summary?: string;
}

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;

/**
 * A call as a client that never parses with its schemas holds it: the url, with the input and answer
 * of the call's definition as types only, so no zod is loaded. The url is checked against the
 * definition at compile time: `callRef<typeof merchantCalls.getMchInfo>('client/pub.getMchInfo')`.
 */
export interface CallRef<C extends CallDef = CallDef> {
  url: C['url'];
  /** Never set: carries the definition's type to the functions that send the call. */
  readonly def?: C;
}

export function callRef<C extends CallDef>(url: C['url']): CallRef<C> {
  return { url };
}

/** The envelope every answer is wrapped in. */
export interface Envelope {
  code: number | string;
  msg: string;
  vk_uni_token?: TokenInfo;
  [field: string]: unknown;
}

export const CLIENT_HEADERS = {
  token: 'uni-id-token',
  appId: 'vk-appid',
  platform: 'vk-platform',
  locale: 'vk-locale',
  deviceId: 'vk-device-id',
  os: 'vk-os',
  appVersion: 'vk-app-version',
  encrypt: 'vk-encrypt',
} as const;

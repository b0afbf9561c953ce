import { z } from 'zod';

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

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  url: string;
  input: I;
  output: O;
  /** A permission that grants a sys call to a non-admin. */
  permission?: string;
  summary?: string;
}

/** Declares a call of the protocol: its url, its input and its answer (fields beside code and msg). */
export function defineCall<I extends z.ZodType, O extends z.ZodType>(
  url: string,
  input: I,
  output: O,
  extra: { permission?: string; summary?: string } = {},
): CallDef<I, O> {
  return { url, input, output, ...extra };
}

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;

export const noInput = z.object({}).strict();
export const noOutput = z.object({});

export const tokenInfo = z.object({ token: z.string(), tokenExpired: z.number().int() });
export type TokenInfo = z.infer<typeof tokenInfo>;

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

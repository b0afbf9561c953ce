import type { APIRequestContext } from '@playwright/test';

/** The password of the demo accounts seeded at start (apps/server/src/modules/seed.ts). */
export const DEMO_PASSWORD = 'demo1234';
/** The demo studio's accounts: member, teacher, staff (verification staff) and admin. */
export const DEMO = { member: 'member', teacher: 'teacher', staff: 'staff', admin: 'admin' } as const;
/** The password every member registered by these tests gets (spec 5: a letter, then 5–17 word characters). */
export const MEMBER_PASSWORD = 'Lotus_2024';

export interface TokenInfo {
  token: string;
  /** ms since epoch */
  tokenExpired: number;
}

/** The answer of register and every login (API.md); userInfo is kept loose on purpose. */
export interface LoginResult {
  uid: string;
  userInfo: { _id: string; username: string | null; nickname: string; [field: string]: unknown };
  vk_uni_token: TokenInfo;
  needUpdateUserInfo: boolean;
}

export interface Member extends LoginResult {
  username: string;
  password: string;
  token: string;
}

export interface Envelope {
  code: number | string;
  msg: string;
  [field: string]: unknown;
}

let counter = 0;
/** A username no other test (or earlier run on a kept database) uses: a letter first, at most 32 characters. */
export function uniqueName(prefix = 'm'): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-6);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}${stamp}${process.pid % 1000}x${counter}${random}`.slice(0, 32);
}

/**
 * Calls a server function through the router form (`POST /api/router {url, data}`) and answers
 * its envelope; throws unless `code` is 0, naming the call and the server's message.
 */
export async function callApi<T = Record<string, unknown>>(
  request: APIRequestContext,
  url: string,
  data: unknown = {},
  token?: string,
): Promise<Envelope & T> {
  const response = await request.post('/api/router', {
    data: { url, data },
    headers: { 'vk-locale': 'en', ...(token ? { 'uni-id-token': token } : {}) },
  });
  const envelope = (await response.json()) as Envelope & T;
  if (envelope.code !== 0) {
    throw new Error(`${url} answered ${envelope.code}: ${envelope.msg} (${JSON.stringify(data)})`);
  }
  return envelope;
}

/** Registers a fresh member with a unique username; answers the login result with its token. */
export async function registerMember(
  request: APIRequestContext,
  options: { prefix?: string; password?: string } = {},
): Promise<Member> {
  const username = uniqueName(options.prefix);
  const password = options.password ?? MEMBER_PASSWORD;
  const result = await callApi<LoginResult>(request, 'user/pub/register', {
    username,
    password,
    password2: password,
    agree: true,
  });
  return { ...result, username, password, token: result.vk_uni_token.token };
}

/** Logs an existing account in through the API (a demo account by default password). */
export async function loginWithPassword(
  request: APIRequestContext,
  username: string,
  password: string = DEMO_PASSWORD,
): Promise<Member> {
  const result = await callApi<LoginResult>(request, 'user/pub/login', { username, password });
  return { ...result, username, password, token: result.vk_uni_token.token };
}

/** A token of a demo account, for seeding through staff or admin calls (e.g. `admin/...`). */
export async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  return (await loginWithPassword(request, username, password)).token;
}

import type { APIRequestContext } from '@playwright/test';
import { accountCalls, type LoginResult } from '@studio/contract/account';
import type { CallDef, CallInput, CallOutput, Envelope } from '@studio/contract/protocol';

/** The password of the demo accounts seeded at start (apps/server/src/modules/seed.ts). */
export const DEMO_PASSWORD = 'demo1234';
/**
 * The demo studio's accounts: member, teacher, staff (verification staff), admin, and the front desk
 * (back office: classes, members and packages, not settings).
 */
export const DEMO = {
  member: 'member',
  teacher: 'teacher',
  staff: 'staff',
  admin: 'admin',
  frontdesk: 'frontdesk',
} as const;
/** The password every member registered by these tests gets (spec 5: a letter, then 5–17 word characters). */
export const MEMBER_PASSWORD = 'Lotus_2024';

export interface Member extends LoginResult {
  username: string;
  password: string;
  token: string;
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
 * Calls a function of the contract through the router form (`POST /api/router {url, data}`): the
 * input is checked against its definition at compile time, the answer typed by its output. Throws
 * unless `code` is 0, naming the call and the server's message.
 */
export async function callApi<C extends CallDef>(
  request: APIRequestContext,
  def: C,
  data: CallInput<C>,
  token?: string,
): Promise<Envelope & CallOutput<C>> {
  const response = await request.post('/api/router', {
    data: { url: def.url, data },
    headers: { 'vk-locale': 'en', ...(token ? { 'uni-id-token': token } : {}) },
  });
  const envelope = (await response.json()) as Envelope & CallOutput<C>;
  if (envelope.code !== 0) {
    throw new Error(`${def.url} answered ${envelope.code}: ${envelope.msg} (${JSON.stringify(data)})`);
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
  const result = await callApi(request, accountCalls.register, {
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
  const result = await callApi(request, accountCalls.login, { username, password });
  return { ...result, username, password, token: result.vk_uni_token.token };
}

/** A token of a demo account, for seeding through staff or admin calls (e.g. `admin/...`). */
export async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  return (await loginWithPassword(request, username, password)).token;
}

import type { APIRequestContext } from '@playwright/test';

/** The fake SMS provider's port (e2e/support/fake-twilio.mjs), next to the app's. */
export const SMS_PORT = Number(process.env.E2E_PORT ?? 3170) + 1;

let serial = 0;
/**
 * A UK mobile number (the demo studio is in London: setting `country` GB), typed the national way,
 * from Ofcom's range for drama (07700 900000–900999), which nobody holds. Each call in a run
 * gives another.
 */
export function uniqueMobile(): string {
  serial += 1;
  const n = (Date.now() + serial * 37 + process.pid) % 1000;
  return `07700 900${String(n).padStart(3, '0')}`;
}

/** The number in E.164, as the server stores and texts it: national numbers are British (the demo's country). */
export function e164Of(mobile: string): string {
  const digits = mobile.replace(/[\s()-]/g, '');
  return digits.startsWith('+') ? digits : `+44${digits.replace(/^0/, '')}`;
}

/** The code in the last text sent to `mobile` (national or +…: the fake sees E.164). */
export async function latestSmsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get(`http://127.0.0.1:${SMS_PORT}/messages?${new URLSearchParams({ to: e164Of(mobile) })}`);
  const messages = (await res.json()) as { body: string }[];
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${mobile}`);
  return code;
}

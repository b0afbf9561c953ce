import type { APIRequestContext } from '@playwright/test';

/** The fake SMS provider's port (e2e/support/fake-twilio.mjs), next to the app's. */
export const SMS_PORT = Number(process.env.E2E_PORT ?? 3170) + 1;

/** A mobile number no other run or journey uses (the spec's 11 digits, starting 1). */
export function uniqueMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

/** The code in the last text sent to `mobile` (the server sends to +86 numbers: SMS_COUNTRY_CODE). */
export async function latestSmsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.get(`http://127.0.0.1:${SMS_PORT}/messages?${new URLSearchParams({ to: `+86${mobile}` })}`);
  const messages = (await res.json()) as { body: string }[];
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${mobile}`);
  return code;
}

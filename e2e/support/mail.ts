import { type APIRequestContext, expect } from '@playwright/test';
import { accountCalls } from '@studio/contract/account';
import { callApi, type Member } from './api';
import { MAIL_HTTP_PORT } from './mail-ports';

/** A message the fake mail server received, parsed. */
export interface ReceivedMail {
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe header's value, e.g. "<https://…/unsubscribe?t=…>". */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
}

/** An e-mail address no other run or journey uses. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Every mail sent to `address` so far, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<ReceivedMail[]> {
  const res = await request.get(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?${new URLSearchParams({ to: address })}`);
  return (await res.json()) as ReceivedMail[];
}

/** Waits until a mail to `address` matches `test` (delivery runs after the change commits), and answers it. */
export async function waitForMail(
  request: APIRequestContext,
  address: string,
  test: (mail: ReceivedMail) => boolean,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, address)).find(test);
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** A new member made by a first e-mail code log-in: the code is read from the mail the server sent. */
export async function memberByEmail(
  request: APIRequestContext,
  email = uniqueEmail(),
): Promise<Member & { email: string }> {
  await callApi(request, accountCalls.sendEmailCode, { email, type: 'login' });
  const mail = await waitForMail(request, email, (m) => /\b\d{6}\b/.test(m.text));
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const result = await callApi(request, accountCalls.loginByEmail, { email, code });
  return { ...result, username: email, password: '', token: result.vk_uni_token.token, email };
}

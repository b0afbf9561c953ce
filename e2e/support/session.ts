import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, loginWithPassword, type Member } from './api';

/** The key of the web app's persisted store (apps/web/src/shared/store/life-data.ts). */
export const LIFE_DATA_KEY = 'lifeData';

/**
 * Seeds the app's `lifeData` store with a session before any of its scripts run, as if the member
 * had logged in on this device. Only the `user` module is written (the app keeps its defaults for
 * the rest), and only once per tab: a later sign-out or language change in the test is not undone
 * by a reload.
 */
export async function seedSession(page: Page, member: Pick<Member, 'vk_uni_token' | 'userInfo'>): Promise<void> {
  await page.addInitScript(
    ({ key, user }) => {
      const marker = `e2e-session:${user.uni_id_token}`;
      try {
        if (sessionStorage.getItem(marker)) return;
        sessionStorage.setItem(marker, '1');
        const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          state?: Record<string, unknown>;
          version?: number;
        } | null;
        const state = { ...(stored?.state ?? {}), user };
        localStorage.setItem(key, JSON.stringify({ state, version: stored?.version ?? 1 }));
      } catch {
        // about:blank and other opaque origins have no storage; the app's own page will.
      }
    },
    {
      key: LIFE_DATA_KEY,
      user: {
        uni_id_token: member.vk_uni_token.token,
        uni_id_token_expired: member.vk_uni_token.tokenExpired,
        uni_id_user_info: member.userInfo,
      },
    },
  );
}

/**
 * Signs `username` in on this page without going through the login form (log in through the API,
 * then seed the store); the next `openPage` shows the app logged in. Answers the member and token.
 */
export async function loginAs(
  page: Page,
  username: string,
  password: string = DEMO_PASSWORD,
  request: APIRequestContext = page.request,
): Promise<Member> {
  const member = await loginWithPassword(request, username, password);
  await seedSession(page, member);
  return member;
}

/** Logs in through the login page's password form, as a member would; waits until the app has left login. */
/** Registers through the real form (username, password twice, the agreement ticked); registered means logged in. */
export async function registerThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username, e-mail or mobile' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'));
}

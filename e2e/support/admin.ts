import { type Browser, devices, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api';
import { STUDIO_TZ } from './classes';
import { acceptTermsWhenAsked } from './test';

/** The back office's own paths (its router's basename is /admin). */
export const ADMIN_BASE = '/admin';

/** Opens a back-office path, e.g. `/members?keyword=ann`. */
export async function gotoAdmin(page: Page, path = '/'): Promise<void> {
  await page.goto(`${ADMIN_BASE}${path}`);
}

/** The back office's menu: present once a staff member is signed in. */
export function adminMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}

/** Signs in through the back office's login form and waits for the staff layout (or "no access"). */
export async function loginAdmin(page: Page, username: string, password: string = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes(`${ADMIN_BASE}/login`)) await gotoAdmin(page, '/login');
  await page.getByLabel('Username, e-mail or mobile').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in to the back office');
}

/** The h1 of the page shown, for "this page opened" assertions. */
export function pageTitle(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/**
 * Picks an option of the antd Select that is open (its visible list; the role=option elements antd
 * keeps for screen readers are hidden). antd slides the list in: an option clicked while it is still
 * moving can land on its neighbour, so this waits for the list to settle and then checks that the
 * option clicked is the one selected.
 */
export async function chooseOption(page: Page, text: string | RegExp): Promise<void> {
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');
  await expect(list).toHaveCount(1);
  await expect(list).not.toHaveClass(/-(enter|appear)/);
  const listId = await list.getByRole('listbox', { includeHidden: true }).first().getAttribute('id');
  const select = page.locator('.ant-select', { has: page.locator(`[id="${listId?.replace(/_list$/, '')}"]`) });
  await list.locator('.ant-select-item-option', { hasText: text }).first().click();
  await expect(select).toContainText(text);
}

/** A phone for the member app, beside the desktop of the back office. */
/** A phone of the member app; `locale` is the browser's language (the app starts in it). */
export async function memberPhone(browser: Browser, baseURL: string | undefined, locale = 'en-GB'): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 375, height: 812 },
    baseURL,
    locale,
    timezoneId: STUDIO_TZ,
  });
  const page = await context.newPage();
  // A journey that publishes new terms (agreements.spec.ts) would otherwise stop this phone's member.
  await acceptTermsWhenAsked(page);
  return page;
}

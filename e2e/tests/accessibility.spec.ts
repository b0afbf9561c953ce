import { expectAccessible } from '../support/a11y';
import { openPage, paths } from '../support/app';
import { MEMBER_STATE } from '../support/auth';
import { saveScreenshot } from '../support/screenshots';
import { expect, type Page, test } from '../support/test';

interface Visit {
  /** Also the screenshot's file name (e2e/screenshots/<name>.png). */
  name: string;
  path: string;
  /** Something that is on the page once it has loaded. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
}

const anonymousVisits: Visit[] = [
  { name: 'home', path: paths.home, ready: (p) => p.getByRole('heading', { name: 'Lotus Flow Studio', exact: true }) },
  { name: 'login', path: paths.login, ready: (p) => p.getByRole('heading', { name: 'Welcome back' }) },
  { name: 'register', path: paths.register, ready: (p) => p.getByRole('heading', { name: 'Create your account' }) },
  {
    name: 'not-found',
    path: '/pages/nope',
    ready: (p) => p.getByRole('heading', { name: 'This page does not exist' }),
  },
];

const memberVisits: Visit[] = [
  {
    name: 'home-member',
    path: paths.home,
    ready: (p) => p.getByRole('heading', { name: 'Welcome to Lotus Flow Studio, Mia Rivers' }),
  },
  { name: 'profile', path: paths.profile, ready: (p) => p.getByRole('heading', { name: 'Mia Rivers' }) },
  { name: 'settings', path: paths.setting, ready: (p) => p.getByRole('button', { name: 'Sign out' }) },
  { name: 'info', path: paths.settingInfo, ready: (p) => p.getByRole('textbox', { name: 'Nickname' }) },
  { name: 'language', path: paths.language, ready: (p) => p.getByRole('radio', { name: 'English' }) },
];

async function visit(page: Page, { name, path, ready }: Visit): Promise<void> {
  await openPage(page, path);
  await expect(ready(page)).toBeVisible();
  await saveScreenshot(page, name);
  await expectAccessible(page, name);
}

test.describe('an anonymous visitor', () => {
  for (const v of anonymousVisits) {
    test(`the ${v.name} page has no accessibility problem`, async ({ page }) => visit(page, v));
  }
});

test.describe('a logged-in member', () => {
  test.use({ storageState: MEMBER_STATE });
  for (const v of memberVisits) {
    test(`the ${v.name} page has no accessibility problem`, async ({ page }) => visit(page, v));
  }
});

import { adminMerchantCalls } from '@studio/contract/merchant';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { DEMO, registerMember, tokenOf } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

test('an owner signs in, sees every part of the back office, and a shared link opens the same view', async ({
  page,
}) => {
  await gotoAdmin(page, '/members?keyword=mia&page=2');
  // Not signed in: login first, then back to the link that was opened.
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await expect(pageTitle(page)).toHaveText('Sign in to the back office');
  await expectAccessible(page, 'back-office login');
  await loginAdmin(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin\/members\?keyword=mia&page=2$/);

  const menu = adminMenu(page);
  for (const entry of ['Dashboard', 'Schedule', 'Courses', 'Rooms', 'Teachers', 'Members', 'Settings', 'Audit log']) {
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(pageTitle(page)).toHaveText('Dashboard');
  // The demo studio has classes every day: today's are listed with their fill.
  await expect(page.getByText('Classes today')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Today' }).getByRole('row').nth(1)).toContainText(' of ');
  await expectAccessible(page, 'back-office dashboard');

  // A reload keeps the session and the page.
  await page.reload();
  await expect(pageTitle(page)).toHaveText('Dashboard');

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByText('简体中文').click();
  await expect(page.getByRole('navigation', { name: '管理后台' }).getByRole('link', { name: '会员' })).toBeVisible();
  await expect(pageTitle(page)).toHaveText('仪表盘');
  // Traditional Chinese: its own catalogue, Taiwan terms, and the studio's texts in Traditional.
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByText('繁體中文').click();
  await expect(page.getByRole('navigation', { name: '管理後台' }).getByRole('link', { name: '會員' })).toBeVisible();
  await expect(pageTitle(page)).toHaveText('儀表板');
  await expect(page.getByRole('link', { name: /蓮流瑜伽館/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'admin-dashboard-zh-Hant');
  await page.getByRole('combobox', { name: '語言' }).click();
  await page.getByText('English').click();
  await expect(pageTitle(page)).toHaveText('Dashboard');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(pageTitle(page)).toHaveText('Sign in to the back office');
  await gotoAdmin(page, '/');
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('the front desk sees classes and members but not Settings, and the server refuses it too', async ({
  page,
  request,
}) => {
  await gotoAdmin(page, '/login');
  await loginAdmin(page, DEMO.frontdesk);
  const menu = adminMenu(page);
  await expect(menu.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  // Typing the address does not get round the menu: the page says why, and loads nothing.
  await gotoAdmin(page, '/settings');
  await expect(pageTitle(page)).toHaveText('You cannot open this page');
  await expectAccessible(page, 'back-office forbidden');

  // Nor does calling the server directly.
  const token = await tokenOf(request, DEMO.frontdesk);
  const answer = await request.post('/api/router', {
    data: { url: adminMerchantCalls.get.url, data: {} },
    headers: { 'vk-locale': 'en', 'uni-id-token': token },
  });
  expect(await answer.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
});

test('a member without a back-office role is told they have no access, and nothing else loads', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, { prefix: 'noadm' });
  await gotoAdmin(page, '/login');
  await loginAdmin(page, member.username, member.password);
  await expect(pageTitle(page)).toHaveText('No access to the back office');
  await expect(adminMenu(page)).toHaveCount(0);
  await expectAccessible(page, 'back-office no access');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(pageTitle(page)).toHaveText('Sign in to the back office');
  await gotoAdmin(page, '/');
  await expect(page).toHaveURL(/\/admin\/login/);
});

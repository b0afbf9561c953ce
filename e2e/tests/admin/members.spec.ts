import { readFileSync } from 'node:fs';
import { accountCalls } from '@studio/contract/account';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { packageCalls } from '@studio/contract/packages';
import { shopCalls } from '@studio/contract/shop';
import { adminWalletCalls } from '@studio/contract/wallet';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, chooseOption, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, registerMember, tokenOf, uniqueName } from '../../support/api';
import { openPage, paths } from '../../support/app';
import { saveScreenshot } from '../../support/screenshots';
import { seedSession } from '../../support/session';
import { expect, test } from '../../support/test';

test('the front desk finds a member, grants a package, adjusts its credits with a reason, and an owner gives them a permission', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueName('n').slice(-6);
  const name = `Noor ${tag}`;
  const member = await registerMember(request, { prefix: 'noor' });
  await callApi(request, accountCalls.updateUser, { nickname: name }, member.token);

  await loginAdmin(page, DEMO.frontdesk);
  await adminMenu(page).getByRole('link', { name: 'Members' }).click();
  await expect(pageTitle(page)).toHaveText('Members');
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`keyword=${member.username}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'back-office members');

  // The filtered list as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv).toContain(member.username);
  expect(csv.trim().split('\r\n')).toHaveLength(2);

  await page.getByRole('link', { name }).click();
  await expect(pageTitle(page)).toHaveText(name);

  const packages = page.getByRole('table', { name: 'Packages' });
  await page.getByRole('button', { name: 'Grant a package' }).click();
  let dialog = page.getByRole('dialog', { name: 'Grant a package' });
  await dialog.getByLabel('Name').fill(`Starter ${tag}`);
  await dialog.getByLabel('Classes').fill('5');
  await expectAccessible(page, 'grant package dialog');
  await dialog.getByRole('button', { name: 'Grant a package' }).click();
  await expect(packages.getByRole('row', { name: new RegExp(`Starter ${tag}`) })).toContainText('5 of 5 left');

  await packages.getByRole('button', { name: `Adjust credits: Starter ${tag}` }).click();
  dialog = page.getByRole('dialog', { name: `Adjust the credits of Starter ${tag}` });
  await dialog.getByLabel('Change').fill('-9');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Too many');
  await dialog.getByRole('button', { name: 'Adjust credits' }).click();
  await expect(dialog.getByText('At most 5 credits can be taken away')).toBeVisible();
  await expectAccessible(page, 'adjust credits dialog with its error');
  await dialog.getByLabel('Change').fill('2');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Referred a friend');
  await dialog.getByRole('button', { name: 'Adjust credits' }).click();
  await expect(packages.getByRole('row', { name: new RegExp(`Starter ${tag}`) })).toContainText('7 of 7 left');
  await expect(page.getByText('Credits adjusted')).toBeHidden();
  await expectAccessible(page, 'back-office member');
  await saveScreenshot(page, 'admin-member');

  // The front desk cannot hand out what it does not hold (the server would refuse it too).
  const access = page.locator('.ant-card', { hasText: 'Roles and permissions' });
  await expect(access.getByRole('checkbox', { name: 'Studio settings' })).toBeDisabled();
  await expect(access.getByRole('checkbox', { name: 'Admin' })).toBeDisabled();
  await expect(access.getByRole('checkbox', { name: 'Members (list, roles)' })).toBeEnabled();

  // An owner can: classes and verification staff.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await loginAdmin(page, DEMO.admin);
  await page.goto(`/admin/members?keyword=${member.username}`);
  await page.getByRole('link', { name }).click();
  await access.getByRole('checkbox', { name: 'Classes (schedule, courses, rooms, teachers, rosters)' }).check();
  await access.getByRole('switch', { name: 'Verification staff (scans pickup and check-in codes)' }).click();
  await access.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText('Roles saved')).toBeVisible();
  await expect(page.locator('.page-header')).toContainText('Verification staff');
  await expect(page.locator('.page-header')).toContainText('Staff (1 permission)');

  // The list filtered to staff now shows them.
  await page.goto('/admin/members');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await chooseOption(page, 'Staff');
  await expect(page).toHaveURL(/role=staff/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});

test('an owner adds money to a member’s wallet with a reason; it never goes below zero; the member sees it in their wallet', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const member = await registerMember(request, { prefix: 'wal' });
  await loginAdmin(page, DEMO.admin);
  await page.goto(`/admin/members/${member.uid}`);
  const wallet = page.locator('.ant-card').filter({ hasText: 'Wallet' });
  await wallet.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByLabel('Amount').fill('-5');
  await dialog.getByLabel('Reason').fill('Mistake');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refused = page.getByRole('dialog').filter({ hasText: 'Insufficient balance' });
  await expect(refused).toBeVisible();
  await expectAccessible(page, 'insufficient balance alert');
  await refused.getByRole('button', { name: 'OK' }).click();
  await dialog.getByLabel('Amount').fill('20');
  await dialog.getByLabel('Reason').fill('Paid cash at the desk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Balance is now £20.00')).toBeVisible();
  await expect(wallet.getByRole('row', { name: /Paid cash at the desk/ })).toContainText('£20.00');
  await expectAccessible(page, 'back-office member with wallet');

  const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL })).newPage();
  await seedSession(phone, member);
  await openPage(phone, paths.profile);
  await phone.getByRole('link', { name: '£20.00' }).click();
  await expect(phone.getByRole('heading', { name: 'My wallet' })).toBeVisible();
  await expect(phone.getByRole('list', { name: 'History' })).toContainText('Paid cash at the desk');
  await expectAccessible(phone, 'wallet');
  await phone.context().close();
});

test('a pass a member bought and got refunded is marked Refunded, with nothing left to adjust, and is gone from their packages', async ({
  page,
  request,
}) => {
  const owner = await tokenOf(request, DEMO.admin);
  const tag = uniqueName('r').slice(-6);
  const name = `Rafa ${tag}`;
  const member = await registerMember(request, { prefix: 'rafa' });
  await callApi(request, accountCalls.updateUser, { nickname: name }, member.token);
  await callApi(request, adminWalletCalls.adjust, { user_id: member.uid, amount: 50_000, reason: 'Float' }, owner);
  const [pass] = (await callApi(request, shopCalls.getGoodsList, { type: 1, pageIndex: 1, pageSize: 1 })).rows;
  const { goods } = await callApi(request, shopCalls.getGoodsDetail, { _id: pass!._id });
  const items = [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }];
  const { order_no } = await callApi(request, orderCalls.createOrder, { items }, member.token);
  await callApi(request, orderCalls.pay, { order_no, pay_type: 'balance' }, member.token);
  await callApi(request, orderCalls.applyRefund, { order_no, reason: 'Moving away' }, member.token);
  await callApi(request, adminOrderCalls.approveRefund, { order_no }, owner);
  expect((await callApi(request, packageCalls.getMyPackages, {}, member.token)).rows).toEqual([]);

  await loginAdmin(page, DEMO.frontdesk);
  await page.goto(`/admin/members?keyword=${member.username}`);
  await page.getByRole('link', { name }).click();
  await expect(pageTitle(page)).toHaveText(name);
  const packages = page.getByRole('table', { name: 'Packages' });
  const row = packages.getByRole('row', { name: new RegExp(pass!.name) });
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText(`0 of ${goods.sku_list[0]!.class_count} left`);
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectAccessible(page, 'member with a refunded package');
  await saveScreenshot(page, 'admin-member-refunded-package');
});

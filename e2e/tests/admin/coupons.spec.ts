import { couponCalls } from '@studio/contract/coupons';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, loginAdmin, pageTitle } from '../../support/admin';
import { drawer, saveDrawer } from '../../support/admin-catalog';
import { callApi, DEMO, registerMember, uniqueName } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

test('staff create a coupon, refuse a discount above 10, make exchange codes that a member redeems, and moderate reviews', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Spring ${uniqueName('c').slice(-5).toUpperCase()}`;
  await loginAdmin(page, DEMO.admin);

  await test.step('a discount coupon: above 10 is refused beside the field, 8.5 is saved', async () => {
    await adminMenu(page).getByRole('link', { name: 'Coupons' }).click();
    await expect(pageTitle(page)).toHaveText('Coupons');
    await page.getByRole('button', { name: 'New coupon' }).click();
    const form = drawer(page);
    await form.getByRole('group', { name: 'Name' }).getByRole('textbox', { name: 'English' }).fill(name);
    await form.getByText('Discount (pay a share of the price)').click();
    await form.getByLabel('Discount', { exact: true }).fill('10.5');
    await form.getByLabel('How many').fill('40');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('May not exceed the original price (10)')).toBeVisible();
    await form.getByLabel('Discount', { exact: true }).fill('8.5');
    await saveDrawer(page);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('15% off')).toBeVisible();
    await expect(row.getByText('0 / 40 · 0')).toBeVisible();
    await expectAccessible(page, 'coupons');
    await saveScreenshot(page, 'admin-coupons');
  });

  let code = '';
  await test.step('three exchange codes: a member redeems one, the list counts it', async () => {
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Exchange codes ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Exchange codes: ${name}` });
    await dialog.getByLabel('How many codes').fill('3');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('3 codes made', { exact: true })).toBeVisible();
    // The dialog counts what it just made, not what the list had when it opened.
    await expect(dialog.getByText(/^3 codes made so far, 0 redeemed/)).toBeVisible();
    await expectAccessible(page, 'exchange codes dialog');
    const codes = (await dialog.locator('.codes-list pre').textContent())?.split('\n') ?? [];
    expect(codes).toHaveLength(3);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: 'Copy codes' }).click();
    await expect(page.getByText('Copied 3 codes')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    code = codes[0]!;
    expect(code).toMatch(/^[2-9A-Z]{12}$/);
    await expectAccessible(page, 'exchange codes');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export all codes (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^coupon-codes-.+\.csv$/);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    const member = await registerMember(request, { prefix: 'code' });
    const redeemed = await callApi(request, couponCalls.exchange, { code: code.toLowerCase() }, member.token);
    expect(redeemed.member_coupon.coupon.name).toBe(name);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('1 / 3')).toBeVisible();
  });

  await test.step('the reviews page lists reviews with their filters', async () => {
    await adminMenu(page).getByRole('link', { name: 'Reviews' }).click();
    await expect(pageTitle(page)).toHaveText('Reviews');
    await expectAccessible(page, 'reviews');
  });
});

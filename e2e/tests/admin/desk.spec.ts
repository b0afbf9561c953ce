import { accountCalls } from '@studio/contract/account';
import { orderCalls } from '@studio/contract/orders';
import { shopCalls } from '@studio/contract/shop';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, chooseOption, loginAdmin, memberPhone, pageTitle } from '../../support/admin';
import { callApi, DEMO, registerMember } from '../../support/api';
import { openPage, paths } from '../../support/app';
import { saveScreenshot } from '../../support/screenshots';
import { seedSession } from '../../support/session';
import { type APIRequestContext, expect, test } from '../../support/test';

/** The first SKU of a goods item the demo studio sells, found as a member would (its README screenshots show demo goods). */
async function demoSku(request: APIRequestContext, name: string): Promise<string> {
  const { rows } = await callApi(request, shopCalls.getGoodsList, { keyword: name });
  const goods = rows.find((g) => g.name === name);
  if (!goods) throw new Error(`the demo studio sells no ${name}`);
  const { goods: detail } = await callApi(request, shopCalls.getGoodsDetail, { _id: goods._id });
  return detail.sku_list[0]!._id;
}

test('the front desk takes a member’s desk payment in cash and sells them a package by card terminal; the member sees the package', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(request, { prefix: 'desk' });
  await callApi(request, accountCalls.updateUser, { nickname: 'Iris Palmer' }, member.token);
  const { order_no } = await callApi(
    request,
    orderCalls.createOrder,
    { items: [{ sku_id: await demoSku(request, 'Cotton Yoga Strap'), buy_num: 2 }], delivery: 'pickup' },
    member.token,
  );
  await callApi(request, orderCalls.pay, { order_no, pay_type: 'offline' }, member.token);

  await loginAdmin(page, DEMO.frontdesk);

  await test.step('the member’s page shows the order waiting at the desk', async () => {
    await adminMenu(page).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByRole('link', { name: 'Iris Palmer' }).click();
    await expect(pageTitle(page)).toHaveText('Iris Palmer');
    const orders = page.getByRole('table', { name: 'Orders' });
    await expect(orders.getByRole('row').filter({ hasText: order_no })).toContainText('At the desk');
    await orders.getByRole('link', { name: order_no }).click();
  });

  await test.step('mark it paid in cash: the order says how and who took it', async () => {
    await expect(pageTitle(page)).toHaveText(`Order ${order_no}`);
    // The front desk takes payments; shipping and cancelling stay with the orders' managers.
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this order paid?' });
    await expect(dialog).toContainText('£14.00');
    await dialog.getByRole('radio', { name: 'Cash' }).check();
    await expectAccessible(page, 'mark paid dialog');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Order marked paid')).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('Cash · taken by Fran Frontdesk');
    await expect(page.getByText('Order marked paid')).toBeHidden();
    await saveScreenshot(page, 'admin-desk-payment');
  });

  await test.step('sell the member a package, paid by card terminal', async () => {
    await page.getByRole('link', { name: 'Iris Palmer' }).click();
    await expect(pageTitle(page)).toHaveText('Iris Palmer');
    await page.getByRole('button', { name: 'Sell a package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell a package to Iris Palmer' });
    await dialog.getByRole('combobox', { name: 'Package' }).click();
    await chooseOption(page, '5-class pass · 5 classes · £60.00');
    await dialog.getByRole('radio', { name: 'Card terminal' }).check();
    await expect(dialog).toContainText(
      'Iris Palmer gets 5-class pass · 5 classes at once; £60.00 is recorded as paid by Card terminal.',
    );
    await expectAccessible(page, 'desk sale dialog');
    await saveScreenshot(page, 'admin-desk-sale');
    await dialog.getByRole('button', { name: 'Sell a package' }).click();
    await expect(page.getByText(/^Package sold: order \d+$/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Packages' })).toContainText('5-class pass');
    // The sale is an order like the member's own: two now, the newest first.
    const orders = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    await expect(orders).toHaveCount(3);
    await expect(orders.nth(1)).toContainText('£60.00');
  });

  await test.step('the member sees the package in the app', async () => {
    const phone = await memberPhone(browser, baseURL);
    await seedSession(phone, member);
    await openPage(phone, paths.coursePurchased);
    await expect(phone.getByRole('heading', { name: '5-class pass' })).toBeVisible();
    await phone.context().close();
  });
});

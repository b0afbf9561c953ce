import { addressCalls } from '@studio/contract/addresses';
import { orderCalls } from '@studio/contract/orders';
import { adminWalletCalls } from '@studio/contract/wallet';
import { expectAccessible } from '../support/a11y';
import { memberPhone } from '../support/admin';
import { callApi, DEMO, loginWithPassword, registerMember, tokenOf } from '../support/api';
import { openPage, paths } from '../support/app';
import { createClassSetup, createSession, studioSessionTimes } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { createGoods } from '../support/shop';
import { expect, type Page, test } from '../support/test';

async function addToCart(page: Page, goodsId: string) {
  await openPage(page, `${paths.goodsDetail}?_id=${goodsId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.locator('.spec-sheet').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.locator('.spec-sheet')).toBeHidden();
}

async function buyNow(page: Page, goodsId: string) {
  await openPage(page, `${paths.goodsDetail}?_id=${goodsId}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.locator('.spec-sheet').getByRole('button', { name: 'Buy now' }).click();
  await expect(
    page.getByRole('heading', { name: 'How you get it' }).or(page.getByText('A course package needs no delivery')),
  ).toBeVisible();
}

/** Toasts fade by themselves: wait them out before a screenshot or an axe check. */
async function toastsGone(page: Page) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

async function payByBalance(page: Page) {
  await page.getByRole('radio', { name: /Wallet balance/ }).check();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { name: /Paid|Ready for pickup|Completed/ })).toBeVisible();
  await toastsGone(page);
}

test('a member checks out a cart with delivery, tops up through the sandbox, pays by balance, and finds the order in its tab', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const mat = await createGoods(request, admin, {
    name: `Travel Mat ${stamp}`,
    type: 0,
    sku_list: [{ sku_name: 'Moss', price: 1250, stock: 5, weight: 900 }],
  });
  const member = await registerMember(request, { prefix: 'buy' });
  await callApi(
    request,
    addressCalls.save,
    {
      contact: 'Nora Buyer',
      phone: '+44 20 7946 0101',
      country: 'United Kingdom',
      province: 'England',
      city: 'London',
      area: 'Islington',
      address: '4 Canal Walk',
      postcode: 'N1 8AA',
      unit: 'Flat 1',
    },
    member.token,
  );
  await seedSession(page, member);

  await test.step('check the cart out: the confirm page shows the address and the amounts', async () => {
    await addToCart(page, mat._id);
    await openPage(page, paths.goodsCart);
    await page.getByRole('button', { name: /^Checkout/ }).click();
    // The number given as +44… is shown in the studio's national format.
    await expect(page.getByText('Nora Buyer')).toBeVisible();
    await expect(page.getByText('020 7946 0101')).toBeVisible();
    await expect(page.locator('.amounts')).toContainText('£12.50');
    // The "added to cart" toast may still be fading on a slow machine.
    await toastsGone(page);
    await expectAccessible(page, 'order confirm');
    await saveScreenshot(page, 'order-confirm');
    await page.getByRole('button', { name: 'Place order' }).click();
  });

  await test.step('the pay page counts down and refuses a balance that is too small', async () => {
    await expect(page.getByRole('timer')).toContainText(/Pay within (29|30):/);
    await page.getByRole('radio', { name: /Wallet balance/ }).check();
    await expect(page.getByText('Balance insufficient.')).toBeVisible();
    await expectAccessible(page, 'order pay');
    await saveScreenshot(page, 'order-pay');
    await page.getByRole('button', { name: 'Top up' }).click();
  });

  await test.step('top up £20 through the sandbox provider: agreement first, credited once confirmed', async () => {
    await page.getByText('£20.00', { exact: true }).click();
    await page.getByRole('button', { name: 'Top up £20.00' }).click();
    await expect(page.getByText('Please agree to the top-up agreement first')).toBeVisible();
    await page.getByRole('checkbox', { name: 'I agree to the top-up agreement' }).check();
    await page.getByRole('button', { name: 'Top up £20.00' }).click();
    await expect(page.getByRole('heading', { name: 'Test card payment' })).toBeVisible();
    await toastsGone(page);
    await saveScreenshot(page, 'sandbox-pay');
    await page.getByRole('button', { name: 'Pay £20.00' }).click();
    await expect(page.getByText('Added to your wallet', { exact: true })).toBeVisible();
    await expect(page.locator('.wallet-amount')).toHaveText('£20.00');
  });

  await test.step('pay the order from its tab by balance', async () => {
    await openPage(page, paths.profile);
    await page.getByRole('link', { name: /To pay/ }).click();
    const unpaid = page.getByRole('list', { name: 'To pay' });
    await expect(unpaid.getByRole('listitem')).toHaveCount(1);
    await unpaid.getByRole('button', { name: 'Pay now' }).click();
    await payByBalance(page);
    await expect(page.getByRole('heading', { name: 'Paid' })).toBeVisible();
    await expect(page.locator('.order-facts')).toContainText('Wallet balance');
  });

  await test.step('the order waits in "To ship"', async () => {
    await openPage(page, `${paths.orderList}?tab=unshipped`);
    await expect(page.getByRole('list', { name: 'To ship' }).getByRole('listitem')).toContainText(
      `Travel Mat ${stamp}`,
    );
    await expectAccessible(page, 'order list');
    await saveScreenshot(page, 'order-list');
  });
});

test('a member buys for pickup and staff scan the code; a 10-class pass bought now books a class at once', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, DEMO.admin);
  const setup = await createClassSetup(request);
  const session = await createSession(request, setup, studioSessionTimes(2, '10:30'));
  const bottle = await createGoods(request, admin, {
    name: `Glass Bottle ${setup.stamp}`,
    type: 0,
    sku_list: [{ sku_name: 'Clear', price: 800, stock: 9, weight: 400 }],
  });
  const pass = await createGoods(request, admin, {
    name: `10-class pass ${setup.stamp}`,
    type: 1,
    exp_time_mode: 2,
    exp_time_rule: [0, 90],
    course_ids: [setup.course._id],
    sku_list: [{ sku_name: '10 classes', price: 9000, stock: 100, class_count: 10 }],
  });
  const member = await registerMember(request, { prefix: 'pick' });
  await callApi(
    request,
    adminWalletCalls.adjust,
    { user_id: member.uid, amount: 20_000, reason: 'Browser test' },
    admin,
  );
  await seedSession(page, member);

  let pickupCode = '';
  await test.step('buy now for pickup: paid by balance, the pickup QR shows', async () => {
    await buyNow(page, bottle._id);
    await page.getByText('Pickup at the studio', { exact: true }).click();
    await expect(page.getByText('Pick it up at the studio')).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await payByBalance(page);
    const qr = page.getByRole('img', { name: /^Pickup code/ });
    await expect(qr).toBeVisible();
    pickupCode = (await page.locator('.pickup-code').textContent()) ?? '';
    expect(pickupCode).toMatch(/^[0-9A-Z]{10}$/);
    await expectAccessible(page, 'order info');
    await saveScreenshot(page, 'order-pickup');
  });

  await test.step('verification staff type the code: the order is handed over', async () => {
    const staffPage = await memberPhone(browser, baseURL);
    await seedSession(staffPage, await loginWithPassword(request, DEMO.staff));
    await openPage(staffPage, paths.verifyScan);
    await staffPage.getByRole('textbox').fill(pickupCode);
    await staffPage.getByRole('button', { name: 'Verify', exact: true }).click();
    await staffPage.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(staffPage.getByRole('region', { name: 'Order picked up' })).toBeVisible();
    await staffPage.close();
    await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();
  });

  await test.step('buy a 10-class pass: completed on payment, it books a class at once', async () => {
    await buyNow(page, pass._id);
    await page.getByRole('button', { name: 'Place order' }).click();
    await payByBalance(page);
    await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();
    await openPage(page, paths.coursePurchased);
    await expect(page.getByRole('heading', { name: `class pass ${setup.stamp}` })).toBeVisible();
    await openPage(page, `${paths.courseDetail}?_id=${session._id}`);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByText('Booked. See you in class!')).toBeVisible();
  });

  const { rows } = await callApi(request, orderCalls.getList, { tab: 'completed' }, member.token);
  expect(rows.map((o) => o.kind).sort()).toEqual(['goods', 'package']);
});

import { adminCouponCalls } from '@studio/contract/coupons';
import { orderCalls } from '@studio/contract/orders';
import { verifyCalls } from '@studio/contract/teacher';
import { adminIntegralCalls, adminWalletCalls, integralCalls, walletCalls } from '@studio/contract/wallet';
import { expectAccessible } from '../support/a11y';
import { adminMenu, loginAdmin, pageTitle } from '../support/admin';
import { callApi, DEMO, registerMember, tokenOf } from '../support/api';
import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { createGoods } from '../support/shop';
import { expect, type Page, test } from '../support/test';

/** Toasts fade by themselves: wait them out before a screenshot or an axe check. */
async function toastsGone(page: Page) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

test('a member claims a coupon, pays with it and with points, applies for a refund that staff approve in the back office, and gets the money and points back', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const mat = await createGoods(request, admin, {
    name: `Cork Mat ${stamp}`,
    type: 0,
    sku_list: [{ sku_name: 'Natural', price: 3000, stock: 5, weight: 900 }],
  });
  const couponName = `Five off ${stamp}`;
  await callApi(
    request,
    adminCouponCalls.save,
    {
      name: couponName,
      type: 1,
      coupon_rule: { min_amount: 2000, discount_amount: 500 },
      effective_time_rule: { type: 1, start_dynamic_time: 0, end_dynamic_time: 30 },
      goods_ids: [mat._id],
      total: 10,
      per_member_limit: 1,
    },
    admin,
  );
  const member = await registerMember(request, { prefix: 'cpn' });
  await callApi(request, adminWalletCalls.adjust, { user_id: member.uid, amount: 5000, reason: 'Browser test' }, admin);
  await callApi(
    request,
    adminIntegralCalls.adjust,
    { user_id: member.uid, amount: 300, reason: 'Browser test' },
    admin,
  );
  await seedSession(page, member);

  await test.step('claim the coupon in the coupon centre', async () => {
    await openPage(page, paths.couponList);
    const card = page.locator('.coupon-card', { hasText: couponName });
    await card.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByText('Coupon claimed')).toBeVisible();
    await expect(card.getByText('You have 1')).toBeVisible();
    await toastsGone(page);
    await expectAccessible(page, 'coupon centre');
    await saveScreenshot(page, 'coupon-centre');
  });

  let orderNo = '';
  await test.step('check out with the coupon and 200 points: £30 − £5 − £2 = £23', async () => {
    await openPage(page, `${paths.goodsDetail}?_id=${mat._id}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.locator('.spec-sheet').getByRole('button', { name: 'Buy now' }).click();
    await page.getByText('Pickup at the studio', { exact: true }).click();
    await page.getByRole('button', { name: /^Coupon/ }).click();
    const sheet = page.locator('.coupon-sheet');
    await expect(sheet.getByText('Saves £5.00')).toBeVisible();
    await expectAccessible(page, 'coupon choice sheet');
    await sheet.getByRole('radio', { name: couponName }).click();
    await expect(page.locator('.amounts')).toContainText('−£5.00');
    await page.getByRole('switch', { name: /Use 200 points for −£2\.00/ }).click();
    await expect(page.locator('.amounts')).toContainText('Points (200)');
    await expect(page.locator('.amounts-total')).toContainText('£23.00');
    await expectAccessible(page, 'order confirm');
    await saveScreenshot(page, 'checkout-coupon-points');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('radio', { name: /Wallet balance/ }).check();
    await page.getByRole('button', { name: /^Pay £23\.00/ }).click();
    await expect(page.getByRole('heading', { name: /Ready for pickup|Paid/ })).toBeVisible();
    const { rows } = await callApi(request, orderCalls.getList, { tab: 'all' }, member.token);
    orderNo = rows[0]!.order_no;
    expect(rows[0]).toMatchObject({ coupon_amount: 500, points_used: 200, pay_amount: 2300 });
    expect((await callApi(request, walletCalls.getBalance, {}, member.token)).balance).toBe(2700);
    expect((await callApi(request, integralCalls.getBalance, {}, member.token)).balance).toBe(100);
  });

  await test.step('apply for a refund with a reason: the order shows it waiting', async () => {
    await openPage(page, `${paths.orderInfo}?order_no=${orderNo}`);
    await page.getByRole('button', { name: 'Apply for refund' }).click();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Please give a reason')).toBeVisible();
    await page.getByLabel('Reason').fill('The colour is not what I expected');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Refund requested', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Waiting for the studio')).toBeVisible();
    await toastsGone(page);
    await expectAccessible(page, 'order with a refund');
    await saveScreenshot(page, 'order-refund-requested');
  });

  await test.step('the front desk approves it from the refunds queue', async () => {
    const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL })).newPage();
    await loginAdmin(desk, DEMO.admin);
    await adminMenu(desk).getByRole('link', { name: 'Refunds' }).click();
    await expect(pageTitle(desk)).toHaveText('Refunds');
    const row = desk.getByRole('row', { name: new RegExp(orderNo) });
    await expect(row.getByText('Waiting')).toBeVisible();
    await expectAccessible(desk, 'refunds queue');
    await saveScreenshot(desk, 'admin-refunds');
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = desk.getByRole('dialog', { name: `Approve the refund of ${orderNo}` });
    await expect(dialog.getByLabel('Amount to refund')).toHaveValue(/^23(\.00)?$/);
    await expectAccessible(desk, 'refund approval dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(desk.getByText('Refund approved')).toBeVisible();
    await expect(row.getByText('Approved')).toBeVisible();
    // Paid by wallet: the money is back at once.
    await expect(row.getByText('Money paid back')).toBeVisible();
    await saveScreenshot(desk, 'admin-refund-approved');
    await desk.context().close();
  });

  await test.step('the member sees the order refunded; the wallet and the points are back', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Refunded' })).toBeVisible();
    await expect(page.getByText('Paid back to: Wallet balance')).toBeVisible();
    expect((await callApi(request, walletCalls.getBalance, {}, member.token)).balance).toBe(5000);
    expect((await callApi(request, integralCalls.getBalance, {}, member.token)).balance).toBe(300);
  });
});

test('a member sends back one of the items they bought; staff approve it with a message; the order keeps "Refunded £12.00 to wallet" in its history', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const set = await createGoods(request, admin, {
    name: `Cork Set ${stamp}`,
    type: 0,
    sku_list: [
      { sku_name: 'Block', price: 1200, stock: 5, weight: 300 },
      { sku_name: 'Strap', price: 800, stock: 5, weight: 100 },
    ],
  });
  const [block, strap] = set.sku_list.map((s) => s._id) as [string, string];
  const member = await registerMember(request, { prefix: 'rfl' });
  await callApi(request, adminWalletCalls.adjust, { user_id: member.uid, amount: 5000, reason: 'Browser test' }, admin);
  const { order_no } = await callApi(
    request,
    orderCalls.createOrder,
    {
      items: [
        { sku_id: block, buy_num: 2 },
        { sku_id: strap, buy_num: 1 },
      ],
      delivery: 'pickup',
    },
    member.token,
  );
  await callApi(request, orderCalls.pay, { order_no, pay_type: 'balance' }, member.token);
  await seedSession(page, member);

  await test.step('choose one block, no strap: the amount follows', async () => {
    await openPage(page, `${paths.orderInfo}?order_no=${order_no}`);
    await page.getByRole('button', { name: 'Apply for refund' }).click();
    const blocks = page.getByRole('group', { name: `How many of Cork Set ${stamp} · Block to refund` });
    const straps = page.getByRole('group', { name: `How many of Cork Set ${stamp} · Strap to refund` });
    const amount = page.locator('.refund-amount');
    // Everything left, to begin with: £24 + £8.
    await expect(amount).toContainText('£32.00');
    await blocks.getByRole('button', { name: 'Fewer' }).click();
    await straps.getByRole('button', { name: 'Fewer' }).click();
    await expect(amount).toContainText('£12.00');
    await page.getByLabel('Reason').fill('One block is enough for me');
    await expectAccessible(page, 'refund units');
    await saveScreenshot(page, 'order-refund-choose');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Waiting for the studio')).toBeVisible();
    await expect(page.locator('.refund-progress-lines')).toHaveText(`Cork Set ${stamp} · Block × 1`);
  });

  await test.step('staff approve it with a message to the member', async () => {
    const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL })).newPage();
    await loginAdmin(desk, DEMO.admin);
    await adminMenu(desk).getByRole('link', { name: 'Refunds' }).click();
    const row = desk.getByRole('row', { name: new RegExp(order_no) });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = desk.getByRole('dialog', { name: `Approve the refund of ${order_no}` });
    await expect(dialog.getByText(`Cork Set ${stamp} · Block × 1`)).toBeVisible();
    await expect(dialog.getByLabel('Amount to refund')).toHaveValue(/^12(\.00)?$/);
    await dialog.getByLabel('Message to the member').fill('Thanks for bringing it back unopened!');
    await expectAccessible(desk, 'refund approval');
    await saveScreenshot(desk, 'admin-refund-approve');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(desk.getByText('Refund approved')).toBeVisible();
    await desk.context().close();
  });

  await test.step('the member reads the message, and the history keeps the refund', async () => {
    await page.reload();
    // The rest is still theirs to collect.
    await expect(page.getByRole('heading', { name: 'Ready for pickup' })).toBeVisible();
    await expect(page.getByText('Partly refunded: £12.00')).toBeVisible();
    await expect(page.getByText('Thanks for bringing it back unopened!')).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Refunded £12.00 to wallet')).toBeVisible();
    expect((await callApi(request, walletCalls.getBalance, {}, member.token)).balance).toBe(5000 - 3200 + 1200);
    await history.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'order-refund-partial');
  });
});

test('a member reviews a completed order and the review shows on the goods page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const block = await createGoods(request, admin, {
    name: `Foam Block ${stamp}`,
    type: 0,
    sku_list: [{ sku_name: 'Sage', price: 900, stock: 5, weight: 300 }],
  });
  const member = await registerMember(request, { prefix: 'rev' });
  await callApi(request, adminWalletCalls.adjust, { user_id: member.uid, amount: 900, reason: 'Browser test' }, admin);
  const { order_no } = await callApi(
    request,
    orderCalls.createOrder,
    { items: [{ sku_id: block.sku_list[0]!._id, buy_num: 1 }], delivery: 'pickup' },
    member.token,
  );
  const { order } = await callApi(request, orderCalls.pay, { order_no, pay_type: 'balance' }, member.token);
  await callApi(request, verifyCalls.scan, { code: order!.pickup_code! }, await tokenOf(request, DEMO.staff));
  await seedSession(page, member);

  await test.step('review it from the order: the text is required', async () => {
    await openPage(page, `${paths.orderInfo}?order_no=${order_no}`);
    await page.getByRole('button', { name: 'Review' }).click();
    await expect(page.getByRole('heading', { name: `Foam Block ${stamp}` })).toBeVisible();
    await page.getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByText('Please write a few words about it')).toBeVisible();
    await page.getByLabel('Your review').fill('Firm and light, perfect for my practice at home.');
    await expectAccessible(page, 'order comment');
    await saveScreenshot(page, 'order-comment');
    await page.getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByText('Thanks for your review')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);
  });

  await test.step('the goods page shows the rating and the review', async () => {
    await openPage(page, `${paths.goodsDetail}?_id=${block._id}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('Firm and light, perfect for my practice at home.')).toBeVisible();
    await expect(reviews.getByText('1 review')).toBeVisible();
    await reviews.scrollIntoViewIfNeeded();
    await toastsGone(page);
    await saveScreenshot(page, 'goods-reviews');
    await reviews.getByRole('link', { name: 'See all 1' }).click();
    await expect(page.getByRole('tab', { name: 'With photos (0)' })).toBeVisible();
    await expectAccessible(page, 'goods comments');
  });
});

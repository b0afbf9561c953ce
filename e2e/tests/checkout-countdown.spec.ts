import { adminMerchantCalls } from '@studio/contract/merchant';
import { orderCalls } from '@studio/contract/orders';
import { callApi, DEMO, registerMember, tokenOf } from '../support/api';
import { openPage } from '../support/app';
import { seedSession } from '../support/session';
import { createGoods } from '../support/shop';
import { expect, test } from '../support/test';

test('an unpaid order cancels itself when its countdown runs out, and its stock goes back', async ({
  page,
  request,
}) => {
  // The shortest countdown the studio can set is a minute, and the server's sweeper does the rest:
  // this journey waits for real time to pass.
  test.setTimeout(150_000);
  const admin = await tokenOf(request, DEMO.admin);
  const goods = await createGoods(request, admin, {
    name: `Last Candle ${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
    type: 0,
    sku_list: [{ sku_name: 'Cedar', price: 600, stock: 1, weight: 200 }],
  });
  const member = await registerMember(request, { prefix: 'late' });
  // A one-minute countdown for this order only: the setting is read when an order is placed.
  await callApi(request, adminMerchantCalls.save, { order_auto_cancel_minutes: 1 }, admin);
  let placed: { order_no: string };
  try {
    placed = await callApi(
      request,
      orderCalls.createOrder,
      { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }], delivery: 'pickup' },
      member.token,
    );
  } finally {
    await callApi(request, adminMerchantCalls.save, { order_auto_cancel_minutes: 30 }, admin);
  }
  await seedSession(page, member);
  await openPage(page, `/pages/goods/goods-order-pay?order_no=${placed.order_no}`);
  await expect(page.getByRole('timer')).toHaveText(/^Pay within 0:[0-5]\d$/);
  // Cancelled by the server's sweep, whether or not anyone looks: the page hears of it and shows it.
  // ("Time is up" shows only in the moments between the page's zero and the sweep, so it is not
  // waited for here: the countdown's own test covers it.)
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 100_000 });
  await expect(page.getByRole('button', { name: /^Pay £/ })).toHaveCount(0);
  const { orderInfo } = await callApi(request, orderCalls.getInfo, { order_no: placed.order_no }, member.token);
  expect(orderInfo.status_name).toBe('cancelled');
  expect(orderInfo.cancel_reason).toBe('expired');
  // The one candle is back on the shelf: another member can order it.
  const other = await registerMember(request, { prefix: 'late2' });
  await callApi(
    request,
    orderCalls.createOrder,
    { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }], delivery: 'pickup' },
    other.token,
  );
});

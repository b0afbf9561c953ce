import { accountCalls } from '@studio/contract/account';
import { adminAuditCalls } from '@studio/contract/audit';
import { orderCalls } from '@studio/contract/orders';
import { adminWalletCalls } from '@studio/contract/wallet';
import { callApi, DEMO, registerMember, tokenOf } from '../support/api';
import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { loginAs } from '../support/session';
import { createGoods } from '../support/shop';
import { expect, test } from '../support/test';

test('verification staff see whose pickup order a code names before handing it over, and a used code says when and by whom', async ({
  page,
  request,
}) => {
  // A member's paid pickup order: two blocks and a strap, waiting at the desk.
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const goods = await createGoods(request, admin, {
    name: `Cork Block ${stamp}`,
    type: 0,
    sku_list: [
      { sku_name: 'Natural', price: 1200, stock: 5, weight: 300 },
      { sku_name: 'Dark', price: 1300, stock: 5, weight: 300 },
    ],
  });
  const [natural, dark] = goods.sku_list.map((s) => s._id) as [string, string];
  const member = await registerMember(request, { prefix: 'pku' });
  const name = `Iris Pickup ${stamp}`;
  await callApi(request, accountCalls.updateUser, { nickname: name }, member.token);
  await callApi(request, adminWalletCalls.adjust, { user_id: member.uid, amount: 5000, reason: 'Browser test' }, admin);
  const { order_no } = await callApi(
    request,
    orderCalls.createOrder,
    {
      items: [
        { sku_id: natural, buy_num: 2 },
        { sku_id: dark, buy_num: 1 },
      ],
      delivery: 'pickup',
    },
    member.token,
  );
  const { order } = await callApi(request, orderCalls.pay, { order_no, pay_type: 'balance' }, member.token);
  const code = order!.pickup_code!;

  await loginAs(page, DEMO.staff);
  await openPage(page, paths.profile);
  await page.getByRole('link', { name: 'Scan to verify' }).click();
  const typeCode = async () => {
    await page.getByRole('textbox', { name: "Member's code" }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };

  await test.step('the code shows whose order it is and what is in it; nothing is handed over yet', async () => {
    await typeCode();
    const card = page.getByRole('region', { name: 'Pickup order' });
    await expect(card).toContainText(name);
    await expect(card).toContainText(`Order ${order_no}`);
    const items = card.getByRole('list', { name: 'Items' });
    await expect(items).toContainText(`Cork Block ${stamp} × 2`);
    await expect(items).toContainText(`Cork Block ${stamp} × 1`);
    await saveScreenshot(page, 'verify-pickup');
  });

  await test.step('Confirm pickup hands it over', async () => {
    await page.getByRole('button', { name: 'Confirm pickup' }).click();
    const done = page.getByRole('region', { name: 'Order picked up' });
    await expect(done).toContainText(name);
    await expect(done.getByRole('button', { name: 'Confirm pickup' })).toHaveCount(0);
  });

  await test.step('the same code again says it was picked up, when and by whom', async () => {
    await typeCode();
    const used = page.getByRole('region', { name: 'Already picked up' });
    await expect(used).toContainText(/Picked up .*\d{2}:\d{2} by Sam Staff/);
    await expect(used.getByRole('button', { name: 'Confirm pickup' })).toHaveCount(0);
    await saveScreenshot(page, 'verify-pickup-used');
  });

  // The pickup is in the audit log, as a sentence's facts: who handed which order to whom.
  const log = await callApi(request, adminAuditCalls.getList, { kind: 'pickups', object_id: order_no }, admin);
  expect(log.rows[0]).toMatchObject({
    actor: { nickname: 'Sam Staff' },
    sentence: { key: 'orderPickedUp', params: { order: order_no, member: name } },
  });
});

import { orderCalls } from '@studio/contract/orders';
import { expectAccessible } from '../support/a11y';
import { gotoAdmin, loginAdmin, memberPhone, pageTitle } from '../support/admin';
import { callApi, DEMO, loginWithPassword, MEMBER_PASSWORD, tokenOf, uniqueName } from '../support/api';
import { openPage, paths } from '../support/app';
import { createClassSetup, createSession, hours, sessionTimes } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { registerThroughForm, seedSession } from '../support/session';
import { createGoods } from '../support/shop';
import { expect, test } from '../support/test';

/*
 * A newcomer's first day, through every hand it passes (issue 24): they register on their phone, buy
 * a class pass with the card, book a class, order a mat strap to pay at the desk; the front desk
 * takes the cash in the back office; verification staff hand the strap over; the order completes.
 */
test('a newcomer registers, buys a pass, books, pays a pickup order at the desk, and collects it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await tokenOf(request, DEMO.admin);
  const setup = await createClassSetup(request, { courseName: 'First Steps' });
  const session = await createSession(request, setup, sessionTimes(hours(50)));
  const strap = await createGoods(request, admin, {
    name: `Mat Strap ${setup.stamp}`,
    type: 0,
    sku_list: [{ sku_name: 'Sand', price: 900, stock: 6, weight: 200 }],
  });
  const username = uniqueName('new');

  await test.step('register on the phone: home says how to get a pass', async () => {
    await openPage(page, paths.register);
    await registerThroughForm(page, username, MEMBER_PASSWORD);
    await expect(page.getByRole('heading', { name: `Welcome to Lotus Flow Studio, ${username}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy a pass' })).toBeVisible();
    await saveScreenshot(page, 'newcomer-home');
  });

  await test.step('buy a pass from the class page with the test card, and come back to the class', async () => {
    await openPage(page, `${paths.courseDetail}?_id=${session._id}`);
    await page.getByRole('link', { name: /5-class pass/i }).click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.locator('.spec-sheet').getByRole('button', { name: 'Buy now' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('radio', { name: /Test card/ })).toBeChecked();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page.getByRole('heading', { name: 'Test card payment' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await page.getByRole('button', { name: 'Back to the class' }).click();
  });

  await test.step('book the class', async () => {
    await expect(page.getByRole('heading', { name: setup.course.name })).toBeVisible();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByText('Booked. See you in class!')).toBeVisible();
    await openPage(page, paths.home);
    await expect(page.getByRole('region', { name: 'Your next class' })).toContainText(setup.course.name);
    await saveScreenshot(page, 'newcomer-booked');
  });

  let orderNo = '';
  let pickupCode = '';
  await test.step('order a strap for pickup and choose to pay at the desk', async () => {
    await openPage(page, `${paths.goodsDetail}?_id=${strap._id}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.locator('.spec-sheet').getByRole('button', { name: 'Buy now' }).click();
    await page.getByText('Pickup at the studio', { exact: true }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('radio', { name: /Pay at the desk/ }).check();
    await page.getByRole('button', { name: 'Pay £9.00' }).click();
    // The order waits at the desk, and says so.
    await expect(page.getByText('Waiting for your payment at the front desk.')).toBeVisible();
    const member = await loginWithPassword(request, username, MEMBER_PASSWORD);
    const { rows } = await callApi(request, orderCalls.getList, { tab: 'all' }, member.token);
    orderNo = rows.find((row) => JSON.stringify(row).includes(`Mat Strap ${setup.stamp}`))?.order_no ?? '';
    expect(orderNo).not.toBe('');
    await saveScreenshot(page, 'newcomer-pay-at-desk');
  });

  await test.step('the front desk takes the cash in the back office', async () => {
    const desk = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
    const deskPage = await desk.newPage();
    await loginAdmin(deskPage, DEMO.frontdesk);
    await gotoAdmin(deskPage, `/orders/${orderNo}`);
    await expect(pageTitle(deskPage)).toHaveText(`Order ${orderNo}`);
    await deskPage.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = deskPage.getByRole('dialog', { name: 'Mark this order paid?' });
    await expect(dialog).toContainText('£9.00');
    await dialog.getByRole('radio', { name: 'Cash' }).check();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(deskPage.locator('.ant-descriptions')).toContainText('Cash · taken by Fran Frontdesk');
    await expectAccessible(deskPage, 'order paid at the desk');
    await desk.close();
  });

  await test.step('the member’s order now shows its pickup code', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ready for pickup' })).toBeVisible();
    pickupCode = (await page.locator('.pickup-code').textContent()) ?? '';
    expect(pickupCode).toMatch(/^[0-9A-Z]{10}$/);
  });

  await test.step('verification staff see whose order it is, then hand it over', async () => {
    const staffPage = await memberPhone(browser, baseURL);
    await seedSession(staffPage, await loginWithPassword(request, DEMO.staff));
    await openPage(staffPage, paths.verifyScan);
    await staffPage.getByRole('textbox').fill(pickupCode);
    await staffPage.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(staffPage.getByText(username).first()).toBeVisible();
    await expect(staffPage.getByText(`Mat Strap ${setup.stamp}`)).toBeVisible();
    await saveScreenshot(staffPage, 'newcomer-pickup-check');
    await expectAccessible(staffPage, 'pickup before handing over');
    await staffPage.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(staffPage.getByRole('region', { name: 'Order picked up' })).toBeVisible();
    await staffPage.close();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();
  });
});

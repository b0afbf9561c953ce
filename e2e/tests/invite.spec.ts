import { adminCouponCalls, couponCalls } from '@studio/contract/coupons';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { orderCalls } from '@studio/contract/orders';
import { adminWalletCalls } from '@studio/contract/wallet';
import { expectAccessible } from '../support/a11y';
import { adminMenu, gotoAdmin, loginAdmin, memberPhone, pageTitle } from '../support/admin';
import { callApi, DEMO, loginWithPassword, MEMBER_PASSWORD, registerMember, tokenOf, uniqueName } from '../support/api';
import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { registerThroughForm, seedSession } from '../support/session';
import { createGoods } from '../support/shop';
import { expect, type Page, test } from '../support/test';

/** A coupon for the rewards, kept out of the coupon centre (members only get it by invitation). */
async function rewardCoupon(request: Parameters<typeof callApi>[0], admin: string, name: string) {
  const { coupon } = await callApi(
    request,
    adminCouponCalls.save,
    {
      name,
      type: 1,
      coupon_rule: { min_amount: 2000, discount_amount: 500 },
      effective_time_rule: { type: 1, start_dynamic_time: 0, end_dynamic_time: 30 },
      total: 100,
      per_member_limit: 1,
      in_center: false,
    },
    admin,
  );
  return coupon;
}

async function chooseLanguage(page: Page, name: string) {
  await openPage(page, paths.language);
  await page.getByRole('radio', { name }).check();
  await expect(page.getByRole('radio', { name })).toBeChecked();
  // The "language changed" toast fades by itself: wait it out before the next picture.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

/*
 * Invitations (issue 25): a visitor opens a member's invite link, registers with the code filled in
 * (and gets the welcome coupon), buys a class pass; the inviter finds the reward on My invitation.
 */
test('a visitor opens an invite link, registers with its code, buys a pass, and the inviter sees the reward', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, DEMO.admin);
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const thanks = await rewardCoupon(request, admin, `Thanks ${stamp}`);
  const welcome = await rewardCoupon(request, admin, `Welcome ${stamp}`);
  await callApi(
    request,
    adminMerchantCalls.save,
    {
      invite_rewards: {
        enabled: true,
        inviter_points: 150,
        inviter_coupon_id: thanks._id,
        welcome_coupon_id: welcome._id,
      },
    },
    admin,
  );
  const pass = await createGoods(request, admin, {
    name: `Friend pass ${stamp}`,
    type: 1,
    exp_time_mode: 2,
    exp_time_rule: [0, 90],
    sku_list: [{ sku_name: '5 classes', price: 4000, stock: 100, class_count: 5 }],
  });
  const inviter = await registerMember(request, { prefix: 'host' });
  const code = inviter.userInfo.my_invite_code;
  const username = uniqueName('friend');

  await test.step('the link opens registration with the code filled in, kept through log-in', async () => {
    await openPage(page, `${paths.register}?invite_code=${code}`);
    const field = page.getByRole('textbox', { name: 'Invitation code (optional)' });
    await expect(field).toHaveValue(code);
    await page.getByRole('link', { name: /Log in/ }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(field).toHaveValue(code);
    await registerThroughForm(page, username, MEMBER_PASSWORD);
    await page.waitForURL((url) => !url.hash.startsWith('#/pages/login/'));
  });

  await test.step('the new member got the welcome coupon, and buys a pass from their wallet', async () => {
    const friend = await loginWithPassword(request, username, MEMBER_PASSWORD);
    const coupons = await callApi(request, couponCalls.getList, { tab: 'usable' }, friend.token);
    expect(coupons.rows.map((c) => c.coupon.name)).toContain(`Welcome ${stamp}`);
    await callApi(
      request,
      adminWalletCalls.adjust,
      { user_id: friend.uid, amount: 5000, reason: 'Browser test' },
      admin,
    );
    const { order_no } = await callApi(
      request,
      orderCalls.createOrder,
      { items: [{ sku_id: pass.sku_list[0]!._id, buy_num: 1 }] },
      friend.token,
    );
    await callApi(request, orderCalls.pay, { order_no, pay_type: 'balance' }, friend.token);
  });

  await test.step('the inviter sees the friend, their purchase and the reward on My invitation', async () => {
    const host = await memberPhone(browser, baseURL);
    await seedSession(host, inviter);
    await openPage(host, paths.profile);
    await host.getByRole('link', { name: 'My invitation' }).click();
    await expect(host.getByText(code, { exact: true })).toBeVisible();
    await expect(host.getByRole('img', { name: 'QR code of your invitation link' })).toBeVisible();
    const people = host.getByRole('list', { name: 'People you invited' });
    await expect(people).toContainText(username);
    await expect(people).toContainText('First purchase done');
    await expect(people).toContainText(`Your reward: 150 points and Thanks ${stamp}`);
    await expect(host.getByRole('region', { name: 'Your invitations' })).toContainText('150');
    await expectAccessible(host, 'my invitation');
    await saveScreenshot(host, 'invite');
    await chooseLanguage(host, '简体中文');
    await openPage(host, paths.invite);
    await expect(host.getByRole('heading', { name: '邀请好友' })).toBeVisible();
    await expect(host.getByText('已完成首次购买')).toBeVisible();
    // This one pictures the lower half: the figures and the people invited.
    await host.getByRole('list', { name: '我邀请的人' }).scrollIntoViewIfNeeded();
    await saveScreenshot(host, 'invite-zh-Hans');
    await chooseLanguage(host, '繁體中文');
    await openPage(host, paths.invite);
    await expect(host.getByRole('heading', { name: '邀請好友' })).toBeVisible();
    await expect(host.getByText('已完成首次購買')).toBeVisible();
    await saveScreenshot(host, 'invite-zh-Hant');
    await expectAccessible(host, 'my invitation (zh-Hant)');
  });

  await test.step('staff read the report, and switch the rewards off again in Settings', async () => {
    const desk = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL })).newPage();
    await loginAdmin(desk, DEMO.admin);
    await adminMenu(desk).getByRole('link', { name: 'Invitations' }).click();
    await expect(pageTitle(desk)).toHaveText('Invitations');
    const row = desk.getByRole('row', { name: new RegExp(inviter.username) });
    await expect(row).toContainText('100%');
    await expectAccessible(desk, 'invitations report');
    await saveScreenshot(desk, 'admin-invitations');
    await gotoAdmin(desk, '/settings#invitations');
    const card = desk.locator('#invitations');
    const enabled = card.getByRole('switch', { name: 'Give invitation rewards' });
    await expect(enabled).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(desk, 'invitation rewards settings');
    await saveScreenshot(desk, 'admin-invitation-settings');
    // Leave the demo studio as the other journeys expect it: rewards off.
    await enabled.click();
    await card.getByRole('button', { name: 'Save invitation rewards' }).click();
    await expect(desk.getByText('Settings saved')).toBeVisible();
  });
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { accountCalls } from '@studio/contract/account';
import { channelCalls } from '@studio/contract/channels';
import { expectAccessible } from '../support/a11y';
import { callApi, type Member, registerMember } from '../support/api';
import { openPage, paths, routeUrl } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';

/** The fake mail server's HTTP port (e2e/support/fake-smtp.mjs), two after the app's. */
const MAIL_PORT = Number(process.env.E2E_PORT ?? 3170) + 2;

/** The code in the last e-mail sent to `email`, as the fake SMTP server parsed it. */
async function latestMailCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`http://127.0.0.1:${MAIL_PORT}/messages?${new URLSearchParams({ to: email })}`);
      const messages = (await res.json()) as { text: string }[];
      code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** A fresh member with an e-mail address linked the way the app links one (a code sent to it). */
async function memberWithEmail(request: APIRequestContext): Promise<Member & { email: string }> {
  const member = await registerMember(request, { prefix: 'nfs' });
  const email = `${member.username}@example.com`;
  await callApi(request, accountCalls.sendEmailCode, { email, type: 'bind' }, member.token);
  const code = await latestMailCode(request, email);
  const { userInfo } = await callApi(request, accountCalls.bindEmail, { email, code }, member.token);
  return { ...member, userInfo, email };
}

test('a member turns on e-mail for offers from Settings › Notifications, and it is kept', async ({ page, request }) => {
  const member = await memberWithEmail(request);
  await seedSession(page, member);
  const offers = page.getByRole('region', { name: 'Offers' });
  const offersEmail = offers.getByRole('switch', { name: 'E-mail' });

  await test.step('from Me, Settings lists Notifications', async () => {
    await openPage(page, paths.profile);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(routeUrl(paths.notificationSettings));
    await expect(page).toHaveTitle('Notifications · Lotus Flow Studio');
  });

  await test.step('the defaults: every notice in the app, offers by e-mail off, the rest on', async () => {
    await expect(page.getByText('In the app', { exact: true })).toBeVisible();
    await expect(page.getByText('Always on')).toBeVisible();
    await expect(page.getByText('Push notifications on this device')).toBeVisible();
    await expect(offersEmail).toHaveAttribute('aria-checked', 'false');
    await expect(
      page.getByRole('region', { name: 'Classes & bookings' }).getByRole('switch', { name: 'E-mail' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expectAccessible(page, 'notification settings');
    await saveScreenshot(page, 'notification-settings');
  });

  await test.step('turning on e-mail for offers saves it on the server at once', async () => {
    await offersEmail.click();
    await expect(offersEmail).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => (await callApi(request, channelCalls.getPreferences, {}, member.token)).preferences.offers)
      .toEqual({ email: true, sms: false, push: false });
  });

  await test.step('after a reload the switch is still on', async () => {
    await page.reload();
    await expect(offersEmail).toHaveAttribute('aria-checked', 'true');
    await expect(
      page.getByRole('region', { name: 'Studio announcements' }).getByRole('switch', { name: 'E-mail' }),
    ).toHaveAttribute('aria-checked', 'true');
  });
});

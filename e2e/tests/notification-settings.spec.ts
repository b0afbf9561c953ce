import { channelCalls } from '@studio/contract/channels';
import { expectAccessible } from '../support/a11y';
import { callApi } from '../support/api';
import { openPage, paths, routeUrl } from '../support/app';
import { memberByEmail } from '../support/mail';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

test('a member turns on e-mail for offers from Settings › Notifications, and it is kept', async ({ page, request }) => {
  // A member with an e-mail address (a first log-in by e-mail code), so e-mail can reach them.
  const member = await memberByEmail(request);
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
    await expect(page.getByText('Always on', { exact: true })).toBeVisible();
    // Not asked yet on this phone: push is off here, and so are the categories' push switches.
    await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(offers.getByRole('switch', { name: 'Push on this device' })).toHaveAttribute('aria-disabled', 'true');
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

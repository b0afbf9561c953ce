import { channelCalls } from '@studio/contract/channels';
import { adminReservationCalls } from '@studio/contract/reservations';
import { callApi } from '../support/api';
import { bookThroughApi, createClassSetup, createSession, grantPackage, studioSessionTimes } from '../support/classes';
import { memberByEmail, waitForMail } from '../support/mail';
import { saveScreenshot } from '../support/screenshots';
import { expect, test } from '../support/test';

/*
 * E-mail through the real SMTP transport to a mail server on this machine (e2e/support/fake-smtp.mjs):
 * the code of a first e-mail log-in, then the notice of a class the studio calls off, as the member's
 * mail app shows it, and its one-click unsubscribe link.
 */
test('a member who logged in by e-mail is told by e-mail that their class is off, and can stop those e-mails from it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await memberByEmail(request);
  const setup = await createClassSetup(request, { courseName: 'Morning Ashtanga' });
  const session = await createSession(request, setup, studioSessionTimes(2, '07:30'));
  await grantPackage(request, setup.adminToken, member.uid, '10-class pass', 10);
  await bookThroughApi(request, member, session._id);

  await callApi(
    request,
    adminReservationCalls.cancelSession,
    { _id: session._id, reason: 'Teacher unwell' },
    setup.adminToken,
  );
  const mail = await waitForMail(request, member.email, (m) => m.subject.includes('cancelled'));

  await test.step('the mail names the class and the reason, in HTML and plain text, with one-click unsubscribe', async () => {
    expect(mail.subject).toBe('Class cancelled');
    expect(mail.text).toContain(setup.course.name);
    expect(mail.text).toContain('Teacher unwell');
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?t=[^>]+>$/);
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  });

  await test.step('as a mail app shows it', async () => {
    await page.setContent(mail.html, { waitUntil: 'load' });
    await expect(page.getByText(setup.course.name).filter({ visible: true }).first()).toBeVisible();
    // The studio's logo, as the PNG icon the app draws from it (mail apps show no SVG), loads from the app.
    await expect(page.locator('img').first()).toHaveJSProperty('naturalWidth', 192);
    await saveScreenshot(page, 'email-class-cancelled');
  });

  await test.step('its unsubscribe link asks first (a mail scanner opening it changes nothing), then stops class e-mails', async () => {
    // Mail apps open it in a browser of its own: follow it there.
    const link = await page.getByRole('link', { name: /unsubscribe/i }).getAttribute('href');
    expect(link).toBe(mail.listUnsubscribe?.slice(1, -1));
    await page.goto(link!);
    await expect(page.getByRole('button', { name: /unsubscribe/i })).toBeVisible();
    let { preferences } = await callApi(request, channelCalls.getPreferences, {}, member.token);
    expect(preferences.classes.email).toBe(true);
    await page.getByRole('button', { name: /unsubscribe/i }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await expect(page.getByText('You will no longer get e-mails about your classes.', { exact: false })).toBeVisible();
    ({ preferences } = await callApi(request, channelCalls.getPreferences, {}, member.token));
    expect(preferences.classes.email).toBe(false);
    expect(preferences.orders.email).toBe(true);
  });
});

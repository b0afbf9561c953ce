import { expectAccessible } from '../../support/a11y';
import { gotoAdmin, loginAdmin, memberPhone, pageTitle } from '../../support/admin';
import { DEMO } from '../../support/api';
import { openPage, paths } from '../../support/app';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

// Reads only: the demo's test card stays on for every other journey.
test('while the demo offers its test card, both apps say Test mode, and the dashboard says what is left before going live', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two apps opened from cold, one after the other, each checked by axe.
  test.setTimeout(120_000);
  await gotoAdmin(page, '/');
  await loginAdmin(page, DEMO.admin);
  await expect(pageTitle(page)).toHaveText('Dashboard');

  const band = page.getByRole('complementary', { name: 'Test mode' });
  await expect(band).toContainText('Test mode: members are offered a test payment method');
  const checklist = page.getByRole('list', { name: 'Before you go live' });
  const line = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(line('Payment methods chosen, test card off')).toContainText('To do');
  await expect(line('Payment methods chosen, test card off')).toContainText('The test card is on');
  // The demo seeds a weight-based freight rule for its goods, class passes on sale and classes ahead.
  await expect(line('Freight rules for goods you deliver')).toContainText('Done');
  await expect(line('A course package on sale')).toContainText('Done');
  await expect(line('Opening hours: classes on the schedule')).toContainText('Done');
  await expectAccessible(page, 'dashboard in test mode');
  await saveScreenshot(page, 'admin-go-live');

  await band.getByRole('link', { name: 'Settings → Payments' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#payments$/);
  // The settings page loads its code when first opened.
  await expect(page.locator('#payments')).toBeInViewport({ timeout: 20_000 });
  await expect(page.getByRole('checkbox', { name: 'Test card (sandbox)' })).toBeChecked();

  const phone = await memberPhone(browser, baseURL);
  await openPage(phone, paths.home);
  const memberBand = phone.getByRole('complementary', { name: 'Test mode' });
  // The member app's first load, beside the back office, on a busy machine.
  await expect(memberBand).toHaveText('Test mode: payments here are not real', { timeout: 20_000 });
  // A slim line of its own above the page: nothing wider than the phone, nothing under it.
  // Polled: the frame's band gives way to the app's at its first commit (a CI run caught it in between).
  await expect.poll(async () => (await memberBand.boundingBox())?.y).toBe(0);
  const box = await memberBand.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(40);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const below = await phone.locator('main').first().boundingBox();
  expect(below?.y).toBeGreaterThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
  // Left open: the journey's axe check (support/test.ts) runs on it as on the settings page.
  await saveScreenshot(phone, 'test-mode-band');
});

import { expectAccessible } from '../../support/a11y';
import { gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { DEMO } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

// The README's pictures of the back office, taken on the demo studio as it is seeded: this project
// runs before every other journey (playwright.config.ts), so nothing a test made shows in them.

test('an owner’s week in the back office: dashboard, schedule, courses, goods', async ({ page }) => {
  await loginAdmin(page, DEMO.admin);

  await gotoAdmin(page, '/');
  await expect(pageTitle(page)).toHaveText('Dashboard');
  await expect(page.getByRole('table', { name: 'Today' }).getByRole('row').nth(1)).toContainText(' of ');
  await saveScreenshot(page, 'admin-dashboard');
  await expectAccessible(page, 'back-office dashboard');

  await gotoAdmin(page, '/schedule');
  await expect(pageTitle(page)).toHaveText('Schedule');
  await expect(page.locator('.calendar-event').first()).toBeVisible();
  await saveScreenshot(page, 'admin-schedule');
  await expectAccessible(page, 'back-office schedule');

  await gotoAdmin(page, '/courses');
  await expect(pageTitle(page)).toHaveText('Courses');
  await expect(page.getByRole('row', { name: /Vinyasa Flow/ })).toBeVisible();
  await saveScreenshot(page, 'admin-courses');
  await expectAccessible(page, 'back-office courses');

  await gotoAdmin(page, '/shop/goods');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, 'admin-goods');
  await expectAccessible(page, 'back-office goods');
});

import { expectAccessible } from '../../support/a11y';
import { DEMO } from '../../support/api';
import { openPage, paths } from '../../support/app';
import { saveScreenshot } from '../../support/screenshots';
import { loginAs } from '../../support/session';
import { expect, test } from '../../support/test';

// The README's pictures of the member app, taken on the demo studio as it is seeded: this project
// runs before every other journey (playwright.config.ts), so nothing a test made shows in them.

test('the schedule and the shop, as a visitor finds them', async ({ page }) => {
  await openPage(page, paths.reservation);
  await expect(page.getByRole('group', { name: 'Choose a day' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Vinyasa Flow|Hatha Basics|Yin Yoga/ }).first()).toBeVisible();
  await saveScreenshot(page, 'schedule');
  await expectAccessible(page, 'schedule');

  await openPage(page, paths.order);
  await expect(page.getByRole('list', { name: 'Goods' })).toBeVisible();
  await expect(page.getByText('Class passes')).toBeVisible();
  await saveScreenshot(page, 'shop');
  await expectAccessible(page, 'shop');
});

test('the demo member’s home and packages', async ({ page }) => {
  await loginAs(page, DEMO.member);
  await openPage(page, paths.home);
  await expect(page.getByRole('heading', { name: /Mia Member/ })).toBeVisible();
  await saveScreenshot(page, 'home-booked');
  await expectAccessible(page, 'home of the demo member');

  await openPage(page, paths.coursePurchased);
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  await expect(page.getByText(/ left/).first()).toBeVisible();
  await saveScreenshot(page, 'packages');
  await expectAccessible(page, 'packages');
});

test('the demo teacher’s workbench', async ({ page }) => {
  await loginAs(page, DEMO.teacher);
  await openPage(page, paths.teacherWorkbench);
  await expect(page.getByRole('list', { name: 'My next classes' }).getByRole('listitem').first()).toBeVisible();
  await saveScreenshot(page, 'workbench');
  await expectAccessible(page, 'workbench');
});

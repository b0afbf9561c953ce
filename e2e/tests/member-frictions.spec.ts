import { expectAccessible } from '../support/a11y';
import { registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { createClassSetup, createSession, hours, sessionTimes } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

/*
 * What a new member tripped over (issue 24): the pay page's first choice, the way back to the class a
 * pass was bought for, a final booking made without a word, a home that kept saying "get a pass", My
 * packages opening on an empty tab, and classes that read "Started" long after they ended.
 */

test('a pass bought from a class page pays with what can pay, leads back to the class, and a final booking asks first', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const setup = await createClassSetup(request, { courseName: 'Late Flow' });
  // In 3 hours: inside the studio's 24-hour cancellation window, so booking it is final.
  const session = await createSession(request, setup, sessionTimes(hours(3)));
  const member = await registerMember(request, { prefix: 'frc' });
  await seedSession(page, member);

  await test.step('the class page offers its passes; one is bought from there', async () => {
    await openPage(page, `${paths.courseDetail}?_id=${session._id}`);
    await page.getByRole('link', { name: /5-class pass/i }).click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.locator('.spec-sheet').getByRole('button', { name: 'Buy now' }).click();
    await expect(page.getByText('A course package needs no delivery')).toBeVisible();
    // The option says its classes once.
    await expect(page.locator('.order-line')).toContainText('5 classes');
    await expect(page.locator('.order-line')).not.toContainText('5 classes · 5 classes');
    await page.getByRole('button', { name: 'Place order' }).click();
  });

  await test.step('the pay page preselects the test card (the wallet holds £0.00), labelled as a test card', async () => {
    const pay = page.getByRole('button', { name: 'Pay £60.00' });
    await expect(pay).toBeEnabled();
    await expect(page.getByRole('radio', { name: /Test card/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Wallet balance/ })).not.toBeChecked();
    await expect(page.getByText('Balance insufficient.')).toHaveCount(0);
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(page.getByText('Test card — no real money moves')).toBeVisible();
    await saveScreenshot(page, 'order-pay-test-card');
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Test card payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay £60.00' }).click();
  });

  await test.step('paid, the page offers the way back to the class, where Book now waits', async () => {
    await page.getByRole('button', { name: 'Back to the class' }).click();
    await expect(page.getByRole('heading', { name: setup.course.name })).toBeVisible();
    await expect(page.getByText(/Booking now is final/)).toBeVisible();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
  });

  await test.step('booking inside the window asks first, in plain words', async () => {
    const dialog = page.getByRole('dialog', { name: 'Book this class?' });
    await expect(dialog).toContainText('cannot be cancelled in the last 24 hours');
    await saveScreenshot(page, 'session-final-booking');
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
    await expectAccessible(page, 'booked class, final');
  });

  await test.step('home now leads with the class, no longer with "get a pass"', async () => {
    await openPage(page, paths.home);
    await expect(page.getByRole('region', { name: 'Your next class' })).toContainText(setup.course.name);
    await expect(page.getByText(/need a class pass/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy a pass' })).toHaveCount(0);
  });

  await test.step('My packages opens on the pass in use, not on an empty Unused', async () => {
    await openPage(page, paths.coursePurchased);
    await expect(page.getByRole('tab', { name: 'In use', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /5-class pass/i })).toBeVisible();
    await saveScreenshot(page, 'packages-in-use');
  });

  await test.step('My orders offers no "To share" tab', async () => {
    await openPage(page, paths.orderList);
    await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'To share' })).toHaveCount(0);
  });
});

test('a class that ended hours ago reads Ended, never Started', async ({ page, request }) => {
  const setup = await createClassSetup(request, { courseName: 'Dawn Flow' });
  const ended = await createSession(request, setup, sessionTimes(-hours(5)));
  const member = await registerMember(request, { prefix: 'end' });
  await seedSession(page, member);

  await openPage(page, `${paths.courseDetail}?_id=${ended._id}`);
  await expect(page.getByRole('heading', { name: setup.course.name })).toBeVisible();
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  await expect(page.getByText('This class has ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Class ended' })).toBeDisabled();
  await expect(page.getByText(/started/i)).toHaveCount(0);
});

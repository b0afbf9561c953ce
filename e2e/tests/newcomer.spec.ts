import { expectAccessible } from '../support/a11y';
import { registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import {
  bookThroughApi,
  createClassSetup,
  createSession,
  grantPackage,
  hours,
  minutes,
  sessionTimes,
  studioSessionTimes,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

test('a brand-new member without a package is told how to get one, never offered a Book that can only fail', async ({
  page,
  request,
}) => {
  const setup = await createClassSetup(request, { courseName: 'Gentle Start' });
  const session = await createSession(request, setup, studioSessionTimes(2, '10:30'));
  const member = await registerMember(request, { prefix: 'new' });
  await seedSession(page, member);

  await test.step('home greets them as new, with a way to the classes', async () => {
    await openPage(page, paths.home);
    await expect(page.getByRole('heading', { name: /^Welcome to Lotus Flow Studio, / })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Browse classes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy a pass' })).toBeVisible();
  });

  await test.step('the class page offers the passes it accepts, and the studio and its number', async () => {
    await openPage(page, `${paths.courseDetail}?_id=${session._id}`);
    await expect(page.getByRole('heading', { name: setup.course.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get a package to book' })).toBeVisible();
    await expect(page.getByText(/front desk/)).toContainText('Lotus Flow Studio');
    await expect(page.getByRole('link', { name: /Call the studio/ })).toHaveAttribute('href', 'tel:+442079460000');
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);
    // The shop's passes take any course: the bar's button brings them into view, one tap from buying.
    await page.getByRole('button', { name: 'Buy a pass' }).click();
    await expect(page.getByRole('heading', { name: 'Passes this class accepts' })).toBeFocused();
    await expect(page.getByRole('link', { name: /5-class pass/i })).toBeInViewport();
    await saveScreenshot(page, 'session-no-package');
    await expectAccessible(page, 'session detail without a package');
  });
});

test('home shows the next class with its check-in code a tap away, and the class page shows the code', async ({
  page,
  request,
}) => {
  // Four pages, three axe runs: room to spare on 2 busy cores.
  test.setTimeout(90_000);
  const setup = await createClassSetup(request, { courseName: 'Evening Unwind' });
  // Booked: in 3 hours (not today's last ones only: it may be late in the day, so "today" may be empty).
  const booked = await createSession(request, setup, sessionTimes(hours(3)));
  // A class that started 10 minutes ago: today's list leaves it out once ended, the schedule dims it.
  await createSession(request, setup, sessionTimes(-minutes(10)));
  const member = await registerMember(request, { prefix: 'nxt' });
  await grantPackage(request, setup.adminToken, member.uid, `Intro pass ${setup.stamp}`, 3);
  const reservation = await bookThroughApi(request, member, booked._id);
  await seedSession(page, member);

  await test.step('home: the next class, today, and a way to book', async () => {
    await openPage(page, paths.home);
    const next = page.getByRole('region', { name: 'Your next class' });
    await expect(next.getByRole('link', { name: setup.course.name })).toBeVisible();
    await expect(page.getByRole('region', { name: "Today's classes" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book a class' })).toBeVisible();
    await saveScreenshot(page, 'home-next-class');
    await expectAccessible(page, 'home with a next class');
    await next.getByRole('button', { name: 'Check-in code' }).click();
  });

  await test.step('the class page shows the check-in code and Add to calendar', async () => {
    await expect(page.getByRole('heading', { name: setup.course.name })).toBeVisible();
    await expect(page.getByText(reservation.code, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(reservation.code) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    await saveScreenshot(page, 'session-booked');
    await expectAccessible(page, 'booked session detail');
  });

  await test.step('the schedule with a class that has started (dimmed) passes axe', async () => {
    await openPage(page, paths.reservation);
    await expect(page.getByRole('group', { name: 'Choose a day' })).toBeVisible();
    await expect(page.locator('.session-row.is-dim').first()).toBeVisible();
    await expectAccessible(page, 'schedule with a started class');
  });

  await test.step('My reservations: Add to calendar above the upcoming list, not on the history tabs', async () => {
    await openPage(page, paths.reservations);
    const add = page.getByRole('button', { name: 'Add to calendar' });
    await expect(add).toBeVisible();
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await expect(add).toHaveCount(0);
  });
});

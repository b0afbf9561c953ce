import { reservationCalls } from '@studio/contract/reservations';
import { expectAccessible } from '../support/a11y';
import { callApi } from '../support/api';
import { openPage, paths } from '../support/app';
import {
  bookThroughApi,
  cancelThroughApi,
  createClassSetup,
  createSession,
  memberWithPackage,
  packagesOf,
  studioSessionTimes,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

test('a member waiting for a full class is promoted live when the seat frees up', async ({ page, request }) => {
  // A class of one seat, taken by member A; member B in the browser.
  const setup = await createClassSetup(request, { capacity: 1, courseName: 'Candlelit Yin' });
  const session = await createSession(request, setup, studioSessionTimes(3, '18:30'), 1);
  const a = await memberWithPackage(request, setup.adminToken, { prefix: 'wla' });
  const b = await memberWithPackage(request, setup.adminToken, { prefix: 'wlb', classCount: 3 });
  const seatOfA = await bookThroughApi(request, a.member, session._id);
  await seedSession(page, b.member);

  const courseName = setup.course.name;
  const myPlace = page.getByRole('region', { name: 'My place' });

  await test.step('B opens the class, sees it full, and joins the waitlist as No. 1', async () => {
    await openPage(page, `${paths.courseDetail}?${new URLSearchParams({ _id: session._id })}`);
    await expect(page.getByRole('heading', { name: courseName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Class details' })).toContainText('Full');
    await expect(page.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Join waitlist' }).click();
    const joinedToast = page.getByText('You are No. 1 on the waitlist');
    await expect(joinedToast).toBeVisible();
    await expect(myPlace).toContainText('No. 1');
    await expect(page.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
    await expect(joinedToast).toBeHidden();
    await saveScreenshot(page, 'waitlist');
    await expectAccessible(page, 'session detail (on the waitlist)');
  });

  await test.step('A cancels; B sees the promotion without reloading', async () => {
    // The page must not reload: a marker on the window would be lost.
    await page.evaluate(() => {
      (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
    });
    await cancelThroughApi(request, a.member, seatOfA._id);

    // The push: a toast naming the class, and the page changes from waiting to booked.
    await expect(page.getByText(`You got a seat in ${courseName} on`)).toBeVisible({ timeout: 15_000 });
    await expect(myPlace).toContainText('You are booked for this class.');
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  });

  // The promotion took one of B's credits.
  const [pkg] = await packagesOf(request, b.member);
  expect(pkg?.remaining_count).toBe(2);
});

test('a member leaves a waitlist from My waitlist, and the entry moves to Ended with the place freed', async ({
  page,
  request,
}) => {
  const setup = await createClassSetup(request, { capacity: 1, courseName: 'Sunrise Vinyasa' });
  const session = await createSession(request, setup, studioSessionTimes(4, '07:15'), 1);
  const a = await memberWithPackage(request, setup.adminToken, { prefix: 'wlc' });
  const b = await memberWithPackage(request, setup.adminToken, { prefix: 'wld' });
  await bookThroughApi(request, a.member, session._id);
  await callApi(request, reservationCalls.joinWaitlist, { session_id: session._id }, b.member.token);
  await seedSession(page, b.member);

  await openPage(page, paths.courseWait);
  const waiting = page.getByRole('list', { name: 'Waiting' });
  await expect(waiting).toContainText(setup.course.name);
  await waiting.getByRole('button', { name: `Leave the waitlist for ${setup.course.name}` }).click();
  await expectAccessible(page, 'leave waitlist confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page.getByText('You left the waitlist')).toBeVisible();
  await expect(page.getByText('You are not waiting for any class')).toBeVisible();

  await page.getByRole('tab', { name: 'Ended' }).click();
  await expect(page.getByRole('list', { name: 'Ended' })).toContainText(setup.course.name);
  // Nobody waits for the class any more: the server says so too.
  const { rows } = await callApi(request, reservationCalls.getMyWaitlist, { status: 'waiting' }, b.member.token);
  expect(rows).toHaveLength(0);
});

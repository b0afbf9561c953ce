import { reservationCalls } from '@studio/contract/reservations';
import { expectAccessible } from '../support/a11y';
import { callApi, DEMO } from '../support/api';
import { openPage, paths } from '../support/app';
import {
  bookThroughApi,
  createClassSetup,
  createSession,
  memberWithPackage,
  minutes,
  sessionTimes,
  timeLabel,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { loginAs } from '../support/session';
import { expect, test } from '../support/test';

test('a teacher opens the roster of their class and checks a member in by their code', async ({ page, request }) => {
  // A class starting in 20 minutes (check-in is open from an hour before), with two members booked.
  const setup = await createClassSetup(request, { courseName: 'Lunchtime Vinyasa' });
  const session = await createSession(request, setup, sessionTimes(minutes(20)));
  const first = await memberWithPackage(request, setup.adminToken, { prefix: 'rsa', nickname: 'Ana Silva' });
  const second = await memberWithPackage(request, setup.adminToken, { prefix: 'rsb', nickname: 'Ben Okafor' });
  const firstSeat = await bookThroughApi(request, first.member, session._id);
  await bookThroughApi(request, second.member, session._id);
  // The teacher logs in after admin/teacher.save, so their user info carries the teacher role.
  await loginAs(page, setup.teacher.username, setup.teacher.password);

  const courseName = setup.course.name;

  await test.step('the workbench lists the class with its bookings', async () => {
    await openPage(page, paths.profile);
    await page.getByRole('link', { name: 'Teacher workbench' }).click();
    await expect(page.getByRole('heading', { name: setup.teacher.name })).toBeVisible();
    const next = page.getByRole('list', { name: 'My next classes' });
    const row = next.getByRole('listitem').filter({ has: page.getByRole('link', { name: courseName }) });
    await expect(row).toContainText(timeLabel(session.starts_at));
    await expect(row).toContainText('2/8 booked');
    await expectAccessible(page, 'workbench');
    await row.getByRole('link', { name: courseName }).click();
  });

  const roster = page.getByRole('region', { name: 'Roster' });
  const rowOf = (name: string) => roster.getByRole('listitem').filter({ hasText: name });

  await test.step('the roster shows both members, not checked in', async () => {
    await expect(page.getByRole('button', { name: new RegExp(courseName) })).toBeVisible();
    await expect(rowOf('Ana Silva')).toBeVisible();
    await expect(rowOf('Ben Okafor')).toBeVisible();
    await expect(rowOf('Ana Silva').getByRole('button', { name: 'Check in Ana Silva' })).toBeVisible();
  });

  await test.step('typing the first member’s code checks them in', async () => {
    await page.getByRole('textbox', { name: "Member's code" }).fill(firstSeat.code);
    await page.getByRole('region', { name: 'Check in by code' }).getByRole('button', { name: 'Check in' }).click();
    const toast = page.getByText(`Checked in for ${courseName}`);
    await expect(toast).toBeVisible();
    await expect(rowOf('Ana Silva')).toContainText('Checked in');
    await expect(roster).toContainText('2/8 booked · 1 checked in');
    await expect(rowOf('Ana Silva').getByRole('button')).toHaveCount(0);
    // The other member is still waiting to be checked in.
    await expect(rowOf('Ben Okafor').getByRole('button', { name: 'Check in Ben Okafor' })).toBeVisible();
    await expect(toast).toBeHidden();
    await saveScreenshot(page, 'roster');
    await expectAccessible(page, 'roster');
  });

  await test.step('tapping the other member’s Check in, and confirming, checks them in too', async () => {
    await rowOf('Ben Okafor').getByRole('button', { name: 'Check in Ben Okafor' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'Check in Ben Okafor?' })).toBeVisible();
    await expectAccessible(page, 'check-in confirmation');
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Check in Ben Okafor?' })
      .getByRole('button', { name: 'Check in' })
      .click();
    await expect(page.getByText('Ben Okafor is checked in')).toBeVisible();
    await expect(rowOf('Ben Okafor')).toContainText('Checked in');
    await expect(roster).toContainText('2/8 booked · 2 checked in');
  });

  const { rows } = await callApi(request, reservationCalls.getMyReservations, {}, first.member.token);
  expect(rows.find((r) => r._id === firstSeat._id)?.checked_in_at).not.toBeNull();
});

test('verification staff type a member’s code on the verify page and see who was checked in', async ({
  page,
  request,
}) => {
  const setup = await createClassSetup(request, { courseName: 'Core Pilates' });
  const session = await createSession(request, setup, sessionTimes(minutes(25)));
  const { member } = await memberWithPackage(request, setup.adminToken, { prefix: 'vfy', nickname: 'Cleo Brandt' });
  const seat = await bookThroughApi(request, member, session._id);
  await loginAs(page, DEMO.staff);

  await openPage(page, paths.profile);
  await page.getByRole('link', { name: 'Scan to verify' }).click();
  await page.getByRole('textbox', { name: "Member's code" }).fill(seat.code);
  await page.getByRole('button', { name: 'Verify' }).click();

  const result = page.getByRole('region', { name: 'Checked in', exact: true });
  await expect(result).toContainText('Cleo Brandt');
  await expect(result).toContainText(setup.course.name);
  await expect(result).toContainText(seat.code);
  await expectAccessible(page, 'verify');

  // A second scan of the same code is refused: it was checked in once.
  await page.getByRole('textbox', { name: "Member's code" }).fill(seat.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/already checked in/i)).toBeVisible();
});

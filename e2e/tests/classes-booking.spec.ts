import type { PackageRecord } from '@studio/contract/packages';
import { reservationCalls } from '@studio/contract/reservations';
import { expectAccessible } from '../support/a11y';
import { callApi, registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import {
  createClassSetup,
  createSession,
  dayLabel,
  grantPackage,
  icsTime,
  studioSessionTimes,
  timeLabel,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

test('a member finds a class, books it, sees its QR and calendar feed, and cancels it for the credit back', async ({
  page,
  request,
}) => {
  // The longest journey (five pages, four axe runs, two toasts to wait out): room to spare on 2 cores.
  test.setTimeout(90_000);
  // A course of its own with a class the day after tomorrow (booking open, cancelling free: > 24 h
  // ahead) and another one later; a fresh member holding two packages, so booking asks which.
  const setup = await createClassSetup(request);
  const session = await createSession(request, setup, studioSessionTimes(2, '09:15'));
  await createSession(request, setup, studioSessionTimes(4, '09:15'));
  const member = await registerMember(request, { prefix: 'book' });
  const bigPack = await grantPackage(request, setup.adminToken, member.uid, `10-class pass ${setup.stamp}`, 10);
  const smallPack = await grantPackage(request, setup.adminToken, member.uid, `5-class pass ${setup.stamp}`, 5);
  await seedSession(page, member);

  const courseName = setup.course.name;
  const day = dayLabel(session.starts_at);

  await test.step('find the class on the reservation tab: date strip, the day, the session row', async () => {
    await openPage(page, paths.reservation);
    // A chip's name starts with what it shows ("Tue 3"), then the whole day.
    await page
      .getByRole('group', { name: 'Choose a day' })
      .getByRole('button', { name: new RegExp(`, ${day}$`) })
      .click();
    const list = page.getByRole('region', { name: day, exact: true });
    const row = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: courseName }) });
    await expect(row).toContainText(timeLabel(session.starts_at));
    await expect(row).toContainText(setup.teacher.name);
    await expect(row).toContainText('8 left');
    await expectAccessible(page, 'schedule');
    await row.getByRole('link', { name: courseName }).click();
  });

  await test.step('open the session and book it with the package of my choice', async () => {
    await expect(page.getByRole('heading', { name: courseName })).toBeVisible();
    const facts = page.getByRole('region', { name: 'Class details' });
    await expect(facts).toContainText(`${day}, ${timeLabel(session.starts_at)}–${timeLabel(session.ends_at)}`);
    await expect(facts).toContainText('8 of 8 seats left');
    await expect(facts.getByRole('link', { name: setup.teacher.name })).toBeVisible();
    await expect(facts.getByRole('link', { name: setup.room.name })).toBeVisible();
    await saveScreenshot(page, 'session-detail');
    await expectAccessible(page, 'session detail');

    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Pay with which package?' })).toBeVisible();
    await expectAccessible(page, 'package choice sheet');
    await page
      .getByRole('dialog', { name: 'Pay with which package?' })
      .getByRole('button', { name: new RegExp(`^${smallPack.name}`) })
      .click();
    const bookedToast = page.getByText('Booked. See you in class!');
    await expect(bookedToast).toBeVisible();
    await expect(page.getByRole('region', { name: 'My place' })).toContainText('You are booked for this class.');
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    // Gone by itself (and before the next axe check, which would catch it fading).
    await expect(bookedToast).toBeHidden();
    // The first booking on this phone is the moment push notices explain themselves: offered once.
    const offer = page.getByRole('dialog', { name: 'Get told when a seat opens or a class changes' });
    await expect(offer).toContainText('Settings › Notifications');
    await expectAccessible(page, 'push offer sheet');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toBeHidden();
  });

  // What the server holds now: one booking on the chosen package, one credit taken.
  const { rows } = await callApi(request, reservationCalls.getMyReservations, { status: 'registered' }, member.token);
  expect(rows).toHaveLength(1);
  const reservation = rows[0]!;
  expect(reservation.package_id).toBe(smallPack._id);

  await test.step('the credit was taken from that package', async () => {
    await openPage(page, `${paths.coursePurchased}?tab=used`);
    await expect(packageCard(page, smallPack)).toContainText('4 of 5 left');
    await expect(packageCard(page, bigPack)).toHaveCount(0);
  });

  const reservationSheet = page.getByRole('dialog', { name: courseName });

  await test.step('My reservations lists it, with its check-in QR code', async () => {
    // From the Me page, as a member would.
    await openPage(page, paths.profile);
    await page.getByRole('link', { name: 'My reservations' }).click();
    const booked = page.getByRole('list', { name: 'Booked' });
    await expect(booked.getByRole('button', { name: courseName })).toBeVisible();
    await saveScreenshot(page, 'reservations');
    await expectAccessible(page, 'reservations');

    await booked.getByRole('button', { name: courseName }).click();
    const qr = reservationSheet.getByRole('img', { name: new RegExp(reservation.code) });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(reservationSheet.getByText(reservation.code, { exact: true })).toBeVisible();
    await saveScreenshot(page, 'reservation-qr');
    await expectAccessible(page, 'reservation sheet with its QR code');
  });

  let feedUrl = '';
  await test.step('Add to calendar shows the feed url, and it is an iCalendar with the class', async () => {
    await reservationSheet.getByRole('button', { name: 'Add to calendar' }).click();
    const calendarSheet = page.getByRole('dialog', { name: 'Add to calendar' });
    const urlField = calendarSheet.getByRole('textbox', { name: 'Your private calendar link' });
    await expect(urlField).toHaveValue(/^https?:\/\/[^/]+\/api\/calendar\/[^/]+\.ics$/);
    await expectAccessible(page, 'add to calendar sheet');
    feedUrl = await urlField.inputValue();

    const feed = await request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    // Unfold the content lines (RFC 5545 3.1) before reading them.
    const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(ics).toContain('VERSION:2.0');
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toContain(`SUMMARY:${courseName}`);
    expect(events[0]).toContain(`DTSTART:${icsTime(session.starts_at)}`);
    expect(events[0]).toContain(`DTEND:${icsTime(session.ends_at)}`);
    expect(events[0]).toContain(`LOCATION:${setup.room.name}`);

    // The sheet has no close button: tap outside it, above, as on a phone.
    await page.touchscreen.tap(187, 60);
    await expect(calendarSheet).toBeHidden();
  });

  await test.step('cancel outside 24 hours, confirming in the dialog', async () => {
    await page.getByRole('list', { name: 'Booked' }).getByRole('button', { name: courseName }).click();
    await reservationSheet.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Cancel this class?' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, 'cancel booking confirmation');
    // Hold the cancel call, so axe sees the button while it shows its loading dots: it keeps its name.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/router', async (route) => {
      if ((route.request().postDataJSON() as { url?: string }).url === 'client/course.cancelBooking') await held;
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'Cancel class' }).click();
    const cancelling = reservationSheet.getByRole('button', { name: 'Cancel booking' });
    await expect(cancelling).toBeDisabled();
    await expect(cancelling.locator('.adm-dot-loading')).toBeVisible();
    // The confirm dialog fades out first: axe on a half-transparent dialog measures the fade. A call
    // held this long shows the loading toast (after LOADING_DELAY_MS): axe runs once it is there,
    // so it never measures the toast's fade-in halfway.
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText('Loading…')).toBeVisible();
    await expectAccessible(page, 'cancel in progress');
    // The route stays: every later call passes straight through it.
    release();
    const cancelledToast = page.getByText('Booking cancelled, your credit was returned');
    await expect(cancelledToast).toBeVisible();
    await expect(page.getByRole('button', { name: courseName })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Cancelled' }).click();
    const cancelled = page.getByRole('list', { name: 'Cancelled' });
    await expect(cancelled.getByRole('listitem').filter({ hasText: courseName })).toContainText('Cancelled');
    await expect(cancelledToast).toBeHidden();
  });

  await test.step('the credit is back: My packages counts 5 of 5 again', async () => {
    await openPage(page, paths.profile);
    await page.getByRole('link', { name: 'My packages' }).click();
    await expect(page.getByRole('tab', { name: 'Unused' })).toHaveAttribute('aria-selected', 'true');
    await expect(packageCard(page, smallPack)).toContainText('5 of 5 left');
    await expect(packageCard(page, bigPack)).toContainText('10 of 10 left');
    await expectAccessible(page, 'packages');
  });

  // And the calendar feed no longer lists the cancelled class.
  const after = await request.get(feedUrl);
  expect(after.status()).toBe(200);
  expect(await after.text()).not.toContain('BEGIN:VEVENT');
});

function packageCard(page: import('@playwright/test').Page, pkg: PackageRecord) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: pkg.name, exact: true }) });
}

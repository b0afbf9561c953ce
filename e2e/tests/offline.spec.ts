import { expectAccessible } from '../support/a11y';
import { openPage, paths } from '../support/app';
import {
  bookThroughApi,
  cancelThroughApi,
  createClassSetup,
  createSession,
  memberWithPackage,
  studioSessionTimes,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, type Page, test } from '../support/test';

/*
 * The studio's basement (issue 23 §2 "Works in the studio's basement"): a member who has seen their
 * booking loses the network, and the app still opens, from its service worker, into its frame, with
 * the booking's check-in QR saved on the phone, its age, and the actions that need the server
 * waiting for it. Back online, the banner goes and what is on screen is fetched again.
 */
test.use({ serviceWorkers: 'allow' });

/** The persisted query cache as the app keeps it (idb-keyval's default store), or '' before the first save. */
function savedCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const get = db.transaction('keyval').objectStore('keyval').get('studio-saved-queries');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : '');
        };
      }),
  );
}

test('offline, the app reloads into its frame and shows the saved reservation with its QR code', async ({
  page,
  context,
  request,
}) => {
  const setup = await createClassSetup(request, { courseName: 'Basement Flow' });
  const courseName = setup.course.name;
  const session = await createSession(request, setup, studioSessionTimes(2, '07:30'));
  const { member } = await memberWithPackage(request, setup.adminToken, { prefix: 'off' });
  const reservation = await bookThroughApi(request, member, session._id);
  await seedSession(page, member);

  const booked = page.getByRole('list', { name: 'Booked' });
  const sheet = page.getByRole('dialog', { name: courseName });
  const banner = page.getByRole('status').filter({ hasText: "You're offline — showing what was saved on this phone" });

  await test.step('online, the member opens My reservations and the booking’s QR: both are kept on the phone', async () => {
    await openPage(page, paths.reservations);
    await booked.getByRole('button', { name: courseName }).click();
    await expect(sheet.getByRole('img', { name: new RegExp(reservation.code) })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
    await expect(banner).toBeHidden();
    // The service worker controls the page (it precached the frame and the pages' code).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    // The persister writes at most once a second: wait until the copy holds the booking's code.
    await expect.poll(() => savedCopy(page), { timeout: 10_000 }).toContain(reservation.code);
  });

  await test.step('offline, a reload opens the app in its frame, with the banner and the list as of when it was saved', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My reservations' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(page.getByText(/^as of \d{2}:\d{2}$/).first()).toBeVisible();
    await expect(booked.getByRole('button', { name: courseName })).toBeVisible();
    await saveScreenshot(page, 'offline-reservations');
    await expectAccessible(page, 'offline reservations');
  });

  await test.step('the booking opens with its QR code drawn on the phone, and Cancel waits for a connection', async () => {
    await booked.getByRole('button', { name: courseName }).click();
    const qr = sheet.getByRole('img', { name: new RegExp(reservation.code) });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(sheet.getByText(reservation.code, { exact: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
    await expect(sheet.getByText('Needs a connection')).toBeVisible();
    await saveScreenshot(page, 'offline-reservation-qr');
    await expectAccessible(page, 'offline reservation sheet');
  });

  await test.step('the class page too: its QR, its age, and Cancel disabled with the reason', async () => {
    await sheet.getByRole('link', { name: 'Class details' }).click();
    await expect(page.getByRole('heading', { name: courseName })).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(reservation.code) })).toBeVisible();
    await expect(page.getByText(/^as of \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
    await expect(page.getByText('Needs a connection')).toBeVisible();
    await expect(banner).toBeVisible();
  });

  await test.step('back online, the banner goes and the page is fetched again', async () => {
    // Meanwhile the booking was cancelled at the front desk's end (here: by the member's other phone).
    await cancelThroughApi(request, member, reservation._id);
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await expect(page.getByText(/^as of/)).toBeHidden();
    // The class page, refetched, no longer shows a booking to cancel nor its code.
    await expect(page.getByRole('img', { name: new RegExp(reservation.code) })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeHidden();
  });
});

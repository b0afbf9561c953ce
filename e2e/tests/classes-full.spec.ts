import { expectAccessible } from '../support/a11y';
import { openPage, paths } from '../support/app';
import {
  bookThroughApi,
  createClassSetup,
  createSession,
  memberWithPackage,
  packagesOf,
  studioSessionTimes,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

test('a class that fills up while the member looks at it offers another time, and its waitlist stays open', async ({
  page,
  request,
}) => {
  // One seat in Thursday's class, one in Friday's; member B in the browser, member A takes the seat first.
  const setup = await createClassSetup(request, { capacity: 1, courseName: 'Moonlight Hatha' });
  const first = await createSession(request, setup, studioSessionTimes(3, '19:00'), 1);
  const second = await createSession(request, setup, studioSessionTimes(4, '19:00'), 1);
  const a = await memberWithPackage(request, setup.adminToken, { prefix: 'fla' });
  const b = await memberWithPackage(request, setup.adminToken, { prefix: 'flb', classCount: 3 });
  await seedSession(page, b.member);

  await openPage(page, `${paths.courseDetail}?${new URLSearchParams({ _id: first._id })}`);
  await expect(page.getByRole('heading', { name: setup.course.name })).toBeVisible();
  const book = page.getByRole('button', { name: 'Book', exact: true });
  await expect(book).toBeVisible();

  await bookThroughApi(request, a.member, first._id);
  await book.click();

  const sheet = page.getByRole('dialog', { name: 'This class is full' });
  await expect(sheet).toBeVisible();
  // The other time of the course, with its seat, is offered; the sheet closes from its corner too.
  await expect(sheet.getByText('Other times with seats')).toBeVisible();
  await expect(sheet.getByRole('list')).toContainText('1 left');
  await expect(page.getByRole('button', { name: /close/i }).first()).toBeVisible();
  await saveScreenshot(page, 'course-full');
  await expectAccessible(page, 'course full sheet');

  // B takes Friday's seat instead: the suggestion opens that class, and the sheet is gone.
  await sheet.getByRole('link', { name: setup.course.name }).click();
  await expect(page).toHaveURL(new RegExp(`_id=${second._id}`));
  await expect(sheet).toBeHidden();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText('Booked. See you in class!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'My place' })).toContainText('You are booked for this class.');
  // A first booking on this phone offers push notices once; B leaves them for later.
  await page
    .getByRole('dialog', { name: 'Get told when a seat opens or a class changes' })
    .getByRole('button', { name: 'Not now' })
    .click();

  // Back on Thursday's class, full now, B joins its waitlist.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`_id=${first._id}`));
  await expect(page.getByRole('button', { name: 'Book', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(page.getByRole('region', { name: 'My place' })).toContainText('No. 1');

  // The refused booking cost B nothing; Friday's took one credit.
  const [pkg] = await packagesOf(request, b.member);
  expect(pkg?.remaining_count).toBe(2);
});

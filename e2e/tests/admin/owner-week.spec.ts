import { accountCalls } from '@studio/contract/account';
import { notificationCalls } from '@studio/contract/notifications';
import { adminReservationCalls } from '@studio/contract/reservations';
import { expectAccessible } from '../../support/a11y';
import { chooseOption, gotoAdmin, loginAdmin, memberPhone, pageTitle } from '../../support/admin';
import { createCourseInUi, createRoomInUi, createTeacherInUi, drawer, saveDrawer } from '../../support/admin-catalog';
import { callApi, DEMO, registerMember, uniqueName } from '../../support/api';
import { openPage, paths } from '../../support/app';
import { adminToken, bookThroughApi, grantPackage, minutes, STUDIO_TZ, sessionTimes } from '../../support/classes';
import { saveScreenshot } from '../../support/screenshots';
import { seedSession } from '../../support/session';
import { expect, test } from '../../support/test';

/** Wall-clock date (YYYY-MM-DD), time (HH:mm) and weekday (0 = Sunday) of an instant in the studio. */
function studioWallClock(instant: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: STUDIO_TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('an owner sets up the studio and runs a week: a weekly series, a member books, the front desk checks in, a class is called off', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueName('w').slice(-6);
  const room = `Cedar Room ${tag}`;
  const course = `Morning Reset ${tag}`;
  const teacherName = `Iris ${tag}`;
  const teacherMember = await registerMember(request, { prefix: 'iris' });
  await callApi(request, accountCalls.updateUser, { nickname: teacherName }, teacherMember.token);
  const member = await registerMember(request, { prefix: 'wk' });
  await callApi(request, accountCalls.updateUser, { nickname: `Milo ${tag}` }, member.token);

  // The first class starts in 20 minutes (check-in opens an hour before), then weekly.
  const first = studioWallClock(sessionTimes(minutes(20)).starts_at);

  await test.step('the owner creates a room, a course and a teacher', async () => {
    await loginAdmin(page, DEMO.admin);
    await createRoomInUi(page, { name: room, capacity: 10 });
    await createCourseInUi(page, { name: course, durationMin: 45, capacity: 8 });
    await createTeacherInUi(page, {
      search: teacherMember.username,
      memberName: teacherName,
      specialties: ['Mobility'],
      introduction: 'Gentle starts.',
    });
  });

  await test.step('the owner schedules a weekly series from the drawer', async () => {
    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(pageTitle(page)).toHaveText('Schedule');
    await page.getByRole('button', { name: 'Schedule a class' }).click();
    const form = drawer(page);
    // Typed first: the lists are searchable and, with the teachers and rooms other journeys add,
    // an option may lie outside the list's rendered window.
    await form.getByLabel('Course').fill(course);
    await chooseOption(page, course);
    await form.getByLabel('Teacher').fill(teacherName);
    await chooseOption(page, teacherName);
    await form.getByLabel('Room').fill(room);
    await chooseOption(page, room);
    await form.getByLabel('Date').fill(first.date);
    await form.getByLabel('Date').press('Enter');
    await form.getByLabel('Start time').fill(first.time);
    await form.getByLabel('Start time').press('Enter');
    await expect(form.getByLabel('Duration (minutes)')).toHaveValue('45');
    await form.getByRole('switch', { name: 'Repeat weekly' }).click();
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][first.weekday] ?? 'Mon';
    await form.getByRole('checkbox', { name: weekday }).check();
    await form.getByLabel('Until (last date)').fill(addDays(first.date, 7));
    await form.getByLabel('Until (last date)').press('Enter');
    await saveDrawer(page);
    await expect(page.getByText('2 classes scheduled')).toBeVisible();
    await expect(page.getByText(course).first()).toBeVisible();
    await expectAccessible(page, 'back-office schedule');
  });

  const token = await adminToken(request);
  const week = await callApi(
    request,
    adminReservationCalls.getCalendar,
    { from: first.date, to: addDays(first.date, 8) },
    token,
  );
  const series = week.rows
    .filter((s) => s.course_name === course)
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  expect(series).toHaveLength(2);
  const [today, nextWeek] = series as [(typeof series)[0], (typeof series)[0]];

  await test.step('a member with a package sees the class in the member app and books it', async () => {
    await grantPackage(request, token, member.uid, `Intro pass ${tag}`, 5);
    const phone = await memberPhone(browser, baseURL);
    await seedSession(phone, member);
    await openPage(phone, `${paths.courseDetail}?_id=${today._id}`);
    await expect(phone.getByRole('heading', { name: course })).toBeVisible();
    await expect(phone.getByRole('region', { name: 'Class details' })).toContainText(teacherName);
    await phone.getByRole('button', { name: 'Book', exact: true }).click();
    // It starts within the studio's cancellation window: booking it is final, and the app asks first.
    const final = phone.getByRole('dialog', { name: 'Book this class?' });
    await final.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(phone.getByText('Booked. See you in class!')).toBeVisible();
    await phone.context().close();
    // And the class next week too, so that calling it off has someone to tell.
    await bookThroughApi(request, member, nextWeek._id);
  });

  await test.step('the front desk opens the class from the schedule and checks the member in from the roster', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await loginAdmin(page, DEMO.frontdesk);
    await gotoAdmin(page, `/schedule?week=${first.date}`);
    // Another class at the same hour may overlap it in the time grid: follow the event's link.
    const event = page.locator('.fc-event', { hasText: course }).first();
    await page.goto((await event.getAttribute('href')) ?? '');
    await expect(pageTitle(page)).toHaveText(course);
    const roster = page.getByRole('table', { name: 'Roster (1)' });
    await expect(roster.getByRole('row', { name: new RegExp(`Milo ${tag}`) })).toContainText('Booked');
    await roster.getByRole('button', { name: `Check in Milo ${tag}` }).click();
    await expect(roster.getByRole('row', { name: new RegExp(`Milo ${tag}`) })).toContainText('Checked in');
    await expect(page.getByText(`Milo ${tag} checked in`)).toBeHidden();
    await saveScreenshot(page, 'admin-session');
    await expectAccessible(page, 'back-office session');
  });

  await test.step('the class next week is called off: the member is told and gets the credit back', async () => {
    await gotoAdmin(page, `/schedule/sessions/${nextWeek._id}`);
    await expect(pageTitle(page)).toHaveText(course);
    await page.getByRole('button', { name: 'Cancel the class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this class?' });
    await expect(dialog).toContainText('1 member will be notified and get their credit back.');
    // No reason, no cancel.
    await dialog.getByRole('button', { name: 'Cancel the class' }).click();
    await expect(dialog.getByText('Say why the class is cancelled')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Teacher at a retreat');
    await dialog.getByRole('button', { name: 'Cancel the class' }).click();
    await expect(page.getByText('Class cancelled, members notified')).toBeVisible();
    await expect(page.getByText('Cancelled: Teacher at a retreat')).toBeVisible();

    const notices = await callApi(
      request,
      notificationCalls.getMyNotifications,
      { pageIndex: 1, pageSize: 20 },
      member.token,
    );
    expect(JSON.stringify(notices.rows)).toContain('Teacher at a retreat');
  });

  await test.step('the week on the calendar shows the cancelled class struck through', async () => {
    await gotoAdmin(page, `/schedule?week=${nextWeek.starts_at.slice(0, 10)}`);
    // A class that runs past midnight is drawn in both days' columns: either piece will do.
    await expect(page.locator('.calendar-event.is-cancelled', { hasText: course }).first()).toBeVisible();
  });
});

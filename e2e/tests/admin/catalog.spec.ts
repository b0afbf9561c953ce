import { accountCalls } from '@studio/contract/account';
import { expectAccessible } from '../../support/a11y';
import { chooseOption, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { createCourseInUi, createRoomInUi, createTeacherInUi, drawer, saveDrawer } from '../../support/admin-catalog';
import { callApi, DEMO, registerMember, uniqueName } from '../../support/api';
import { TINY_PNG } from '../../support/shop';
import { expect, test } from '../../support/test';

test('an owner sets up a room, a course with a cover and a teacher, and finds them again in the lists', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueName('c').slice(-6);
  const room = `Garden Room ${tag}`;
  const course = `Sunrise Flow ${tag}`;
  const member = await registerMember(request, { prefix: 'tch' });
  await callApi(request, accountCalls.updateUser, { nickname: `Nadia ${tag}` }, member.token);

  await loginAdmin(page, DEMO.admin);
  await createRoomInUi(page, { name: room, capacity: 14 });
  await expect(page.getByRole('row', { name: new RegExp(room) })).toContainText('14');
  await expectAccessible(page, 'back-office rooms');

  await createCourseInUi(page, { name: course, durationMin: 75, capacity: 12, level: 'Beginner', coverPng: TINY_PNG });
  const courseRow = page.getByRole('row', { name: new RegExp(course) });
  await expect(courseRow).toContainText('75 min');
  await expect(courseRow).toContainText('Beginner');
  await expectAccessible(page, 'back-office courses');

  await createTeacherInUi(page, {
    search: member.username,
    memberName: `Nadia ${tag}`,
    specialties: ['Vinyasa', 'Breathwork'],
    introduction: 'Moves with the breath.',
  });
  const teacherRow = page.getByRole('row', { name: new RegExp(`Nadia ${tag}`) });
  await expect(teacherRow).toContainText('Vinyasa');
  await expectAccessible(page, 'back-office teachers');

  // Editing: retire the room; the list filtered to retired rooms shows it, and the URL keeps the view.
  await page.getByRole('link', { name: 'Rooms' }).click();
  await page.getByRole('button', { name: `Edit ${room}` }).click();
  await drawer(page).getByRole('switch').click();
  await saveDrawer(page);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await chooseOption(page, 'Retired');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByRole('row', { name: new RegExp(room) })).toContainText('Retired');
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(room) })).toContainText('Retired');

  // A course without a name is refused beside the field, nothing saved; a duration under the
  // contract's 5 minutes is brought up to it.
  await gotoAdmin(page, '/courses');
  await page.getByRole('button', { name: 'New course' }).click();
  const duration = drawer(page).getByLabel('Duration (minutes)');
  await duration.fill('2');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page).getByText('Fill in at least one language')).toBeVisible();
  await expect(duration).toHaveValue('5');
  await drawer(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer(page)).toHaveCount(0);

  await gotoAdmin(page, `/courses?keyword=${encodeURIComponent(course)}`);
  await expect(pageTitle(page)).toHaveText('Courses');
  await expect(page.getByRole('row', { name: new RegExp(course) })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(course);

  await gotoAdmin(page, '/courses?sort=name&order=asc');
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
});

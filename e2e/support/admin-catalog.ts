import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { adminMenu, chooseOption, pageTitle } from './admin';

/** The open create / edit drawer. */
export function drawer(page: Page) {
  return page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Save' }) });
}

/**
 * Saves the open drawer and waits for it to close (the save answered). Axe checks the drawer first, as
 * the journey filled it in: every form drawer a journey saves is held to zero violations.
 */
export async function saveDrawer(page: Page): Promise<void> {
  await expectAccessible(page, 'form drawer, filled in');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page)).toHaveCount(0);
}

async function openMenu(page: Page, entry: string): Promise<void> {
  await adminMenu(page).getByRole('link', { name: entry }).click();
  await expect(pageTitle(page)).toHaveText(entry);
}

/** Creates a room in the back office's Rooms page. */
export async function createRoomInUi(page: Page, room: { name: string; capacity: number }): Promise<void> {
  await openMenu(page, 'Rooms');
  await page.getByRole('button', { name: 'New room' }).click();
  const form = drawer(page);
  await form.getByRole('group', { name: 'Name' }).getByRole('textbox', { name: 'English' }).fill(room.name);
  await form.getByLabel('Capacity').fill(String(room.capacity));
  await saveDrawer(page);
}

/** Creates a course in the back office's Courses page. */
export async function createCourseInUi(
  page: Page,
  course: { name: string; durationMin: number; capacity: number; level?: string; coverPng?: Buffer },
): Promise<void> {
  await openMenu(page, 'Courses');
  await page.getByRole('button', { name: 'New course' }).click();
  const form = drawer(page);
  await form.getByRole('group', { name: 'Name' }).getByRole('textbox', { name: 'English' }).fill(course.name);
  if (course.coverPng) {
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Cover image: Upload' }).click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: course.coverPng });
    await expect(form.getByRole('img', { name: 'Cover image' })).toBeVisible();
  }
  if (course.level) {
    await form.getByLabel('Level').click();
    await chooseOption(page, course.level);
  }
  await form.getByLabel('Duration (minutes)').fill(String(course.durationMin));
  await form.getByLabel('Default capacity').fill(String(course.capacity));
  await saveDrawer(page);
}

/** Makes a member a teacher in the back office's Teachers page, finding them by `search`. */
export async function createTeacherInUi(
  page: Page,
  teacher: { search: string; memberName: string; specialties: string[]; introduction: string },
): Promise<void> {
  await openMenu(page, 'Teachers');
  await page.getByRole('button', { name: 'New teacher' }).click();
  const form = drawer(page);
  await form.getByRole('combobox', { name: 'Member' }).fill(teacher.search);
  await chooseOption(page, teacher.memberName);
  const specialties = form.getByRole('combobox', { name: 'Specialties' });
  for (const specialty of teacher.specialties) {
    await specialties.fill(specialty);
    await specialties.press('Enter');
  }
  await form
    .getByRole('group', { name: 'Introduction' })
    .getByRole('textbox', { name: 'English' })
    .fill(teacher.introduction);
  await saveDrawer(page);
}

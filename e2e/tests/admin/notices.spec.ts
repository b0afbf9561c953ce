import { adminNoticeCalls } from '@studio/contract/notifications';
import { expectAccessible } from '../../support/a11y';
import { adminMenu, chooseOption, loginAdmin, pageTitle } from '../../support/admin';
import { drawer, saveDrawer } from '../../support/admin-catalog';
import { callApi, DEMO, uniqueName } from '../../support/api';
import {
  adminToken,
  bookThroughApi,
  createClassSetup,
  createSession,
  hours,
  memberWithPackage,
  sessionTimes,
} from '../../support/classes';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

const WEEK_MS = 7 * 24 * 3600_000;

test('staff write an announcement in two languages, publish it to the members booked on a course, see who read it, and withdraw another', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueName('n').slice(-5).toUpperCase();
  const title = `Studio closed on Monday ${tag}`;
  const token = await adminToken(request);

  // Announcements reach the members of the shared server: these are for the members booked on a
  // course of this test's own, so no other journey's member finds them among their notices.
  const setup = await createClassSetup(request, { courseName: 'Mat Care' });
  const course = setup.course;
  const session = await createSession(request, setup, sessionTimes(hours(26)));
  const { member } = await memberWithPackage(request, token, { prefix: 'ann' });
  await bookThroughApi(request, member, session._id);
  await callApi(
    request,
    adminNoticeCalls.save,
    {
      title: {
        en: `Summer timetable ${tag}: new evening classes from June, and Saturday workshops move to 10:00`,
        'zh-Hans': `夏季课表 ${tag}`,
      },
      content: { en: '<p>New evening classes from June.</p>' },
      audience: 'all',
      publish_at: new Date(Date.now() + WEEK_MS).toISOString(),
    },
    token,
  );
  const bringAMat = `Bring your own mat ${tag}`;
  await callApi(
    request,
    adminNoticeCalls.save,
    {
      title: { en: bringAMat },
      content: { en: '<p>The studio mats are being replaced this week.</p>' },
      audience: 'course',
      course_ids: [course._id],
      course_days: 7,
    },
    token,
  );

  await loginAdmin(page, DEMO.admin);
  await adminMenu(page).getByRole('link', { name: 'Notices' }).click();
  await expect(pageTitle(page)).toHaveText('Notices');

  await test.step('write it in English and Simplified Chinese, for the members booked on the course, pinned', async () => {
    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = drawer(page);
    await expect(form.getByText(/reads the studio's default language instead/)).toBeVisible();
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Text (English)' }).click();
    await page.keyboard.type('We are closed for a deep clean. Classes resume on Tuesday at 7:00.');
    await form.getByRole('tab', { name: '简体中文' }).click();
    await form.getByRole('textbox', { name: 'Title' }).fill(`周一闭馆 ${tag}`);
    await form.getByRole('textbox', { name: 'Text (简体中文)' }).click();
    await page.keyboard.type('周一闭馆清洁，周二 7:00 恢复上课。');
    await form.getByRole('tab', { name: 'English' }).click();
    await form.getByRole('radio', { name: 'Members booked on courses' }).check();
    await form.getByRole('combobox', { name: 'Courses' }).fill(course.name);
    await chooseOption(page, course.name);
    await form.getByRole('switch', { name: 'Pinned' }).click();
    await form.getByRole('textbox', { name: 'Link' }).fill('/pages/course/list');
    await expectAccessible(page, 'announcement editor');
    await form.getByRole('tab', { name: 'English' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-notice-editor');
    await saveDrawer(page);
    await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  });

  const list = await test.step('listed as published, read by none of its audience yet', async () => {
    const list = await callApi(request, adminNoticeCalls.getList, { pageIndex: 1, pageSize: 50 }, token);
    const saved = list.rows.find((n) => n.title.en === title)!;
    expect(saved).toMatchObject({
      status: 'published',
      audience: 'course',
      course_ids: [course._id],
      pinned: true,
      read_count: 0,
      audience_count: 1,
    });
    expect(saved.title['zh-Hans']).toBe(`周一闭馆 ${tag}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Published');
    await expect(row).toContainText(`Read by 0 of ${saved.audience_count}`);
    await expect(page.getByRole('row', { name: new RegExp(`Summer timetable ${tag}`) })).toContainText('Scheduled');
    await expect(page.getByRole('row', { name: new RegExp(bringAMat) })).toContainText(`Booked on ${course.name}`);
    return list;
  });

  await test.step('withdraw the course announcement after a confirmation that counts its readers', async () => {
    const row = page.getByRole('row', { name: new RegExp(bringAMat) });
    await row.getByRole('button', { name: `Withdraw ${bringAMat}` }).click();
    const confirm = page.getByRole('dialog', { name: `Withdraw “${bringAMat}”?` });
    const mat = list.rows.find((n) => n.title.en === bringAMat)!;
    const members = mat.audience_count === 1 ? 'member' : 'members';
    await expect(confirm).toContainText(`the ${mat.audience_count} ${members} it is for (0 read it)`);
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(confirm).toBeHidden();
    // Once, under a CI run's load, the list took longer than the default 7 s to come back.
    await expect(row).toContainText('Withdrawn', { timeout: 15_000 });
    await expect(row.getByRole('button', { name: `Edit ${bringAMat}` })).toHaveCount(0);
    // The pointer off the rows and links: a hovered row is shaded in the picture.
    await page.mouse.move(1400, 880);
    await expectAccessible(page, 'notices');
    await saveScreenshot(page, 'admin-notices');
  });

  await test.step('the list, filtered by status', async () => {
    await page.getByRole('combobox', { name: 'Status' }).click();
    await chooseOption(page, 'Published');
    await expect(page).toHaveURL(/status=published/);
    await expect(page.getByRole('row', { name: new RegExp(`Summer timetable ${tag}`) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await chooseOption(page, 'All statuses');
    await expect(page.getByRole('row', { name: new RegExp(`Summer timetable ${tag}`) })).toBeVisible();
  });
});

import { notificationCalls } from '@studio/contract/notifications';
import { expectAccessible } from '../support/a11y';
import { gotoAdmin, loginAdmin, pageTitle } from '../support/admin';
import { callApi, DEMO } from '../support/api';
import { openPage, paths, routeUrl } from '../support/app';
import {
  bookThroughApi,
  createClassSetup,
  createSession,
  memberWithPackage,
  STUDIO_TZ,
  studioSessionTimes,
} from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { devices, expect, test } from '../support/test';

test('the studio calls off a class in the back office: the member’s bell shows it, the notice reads in their language and opens the class', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const setup = await createClassSetup(request, { courseName: 'Evening Unwind' });
  const session = await createSession(request, setup, studioSessionTimes(2, '18:30'));
  const { member } = await memberWithPackage(request, setup.adminToken, { prefix: 'ntc' });
  await bookThroughApi(request, member, session._id);
  // The package came with a notice of its own: read, so the bell starts quiet.
  await callApi(request, notificationCalls.markAllRead, {}, member.token);
  const course = setup.course.name;
  const reason = 'Teacher unwell';

  await test.step('the member has the app open at home: a quiet bell', async () => {
    await seedSession(page, member);
    await openPage(page, paths.home);
    await expect(page.getByRole('link', { name: 'Notices', exact: true })).toBeVisible();
  });

  await test.step('the owner cancels the class from its page in the back office', async () => {
    const desk = await browser.newContext({
      ...devices['Desktop Chrome'],
      viewport: { width: 1440, height: 900 },
      baseURL,
      locale: 'en-GB',
      timezoneId: STUDIO_TZ,
    });
    const admin = await desk.newPage();
    await loginAdmin(admin, DEMO.admin);
    await gotoAdmin(admin, `/schedule/sessions/${session._id}`);
    await expect(pageTitle(admin)).toHaveText(course);
    await admin.getByRole('button', { name: 'Cancel the class' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Cancel this class?' });
    await expect(dialog).toContainText('1 member will be notified and get their credit back.');
    await expectAccessible(admin, 'cancel class dialog');
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Cancel the class' }).click();
    await expect(admin.getByText('Class cancelled, members notified')).toBeVisible();
    await desk.close();
  });

  const bell = page.getByRole('link', { name: 'Notices, 1 unread' });

  await test.step('without a reload, the bell and the Me tab show one unread notice', async () => {
    // The push: the class toast, and the count refetched.
    await expect(page.getByText(`${course} on`).first()).toBeVisible({ timeout: 15_000 });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveText('1');
    await expect(page.getByRole('navigation', { name: 'Main sections' }).getByText('1', { exact: true })).toBeVisible();
    await expect(page.getByText(`${course} on`)).toBeHidden();
    await saveScreenshot(page, 'home-bell');
  });

  await test.step('the bell opens the list, the notice unread in it', async () => {
    await bell.click();
    await expect(page).toHaveURL(routeUrl(paths.noticeList));
    const list = page.getByRole('list', { name: 'Notices: All' });
    // Not necessarily first: announcements the studio pinned for every member come before it.
    await expect(list.getByRole('listitem').filter({ hasText: reason })).toHaveCount(1);
    await expect(list.getByRole('link', { name: 'Class cancelled, unread' })).toBeVisible();
    await saveScreenshot(page, 'notice-list');
    await expectAccessible(page, 'notice list');
  });

  await test.step('opening it shows the whole notice and marks it read', async () => {
    await page.getByRole('link', { name: 'Class cancelled, unread' }).click();
    await expect(page.getByRole('heading', { name: 'Class cancelled' })).toBeVisible();
    await expect(page.getByText(`${course} on`)).toContainText(`has been cancelled: ${reason}.`);
    await expect(page.getByRole('button', { name: 'View the class' })).toBeVisible();
    await saveScreenshot(page, 'notice-detail');
    await expectAccessible(page, 'notice detail');
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Class cancelled', exact: true })).toBeVisible();
  });

  await test.step('in 简体中文 the same notice reads in Chinese, and its button opens the class', async () => {
    await openPage(page, paths.language);
    await page.getByRole('radio', { name: '简体中文' }).check();
    await expect(page.getByRole('heading', { name: '语言' })).toBeVisible();
    await openPage(page, paths.noticeList);
    await page.getByRole('link', { name: '课程已取消', exact: true }).click();
    await expect(page.getByRole('heading', { name: '课程已取消' })).toBeVisible();
    await expect(page.getByText(`的 ${course} 已取消：${reason}。已使用的课时已退回。`)).toBeVisible();
    await page.getByRole('button', { name: '查看课程' }).click();
    await expect(page).toHaveURL(routeUrl(`${paths.courseDetail}?_id=${session._id}`));
    await expect(page.getByRole('heading', { name: course })).toBeVisible();
  });
});

import { notificationCalls } from '@studio/contract/notifications';
import { chooseOption, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO } from '../../support/api';
import {
  createClassSetup,
  createSession,
  hours,
  memberWithPackage,
  packagesOf,
  sessionTimes,
} from '../../support/classes';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

test('the front desk adds a member to a class with one of their credits, then removes them and the credit comes back', async ({
  page,
  request,
}) => {
  const setup = await createClassSetup(request, { courseName: 'Desk Flow' });
  const course = setup.course.name;
  const session = await createSession(request, setup, sessionTimes(hours(26)));
  const name = `Rosa Desk ${setup.stamp}`;
  const { member, pkg } = await memberWithPackage(request, setup.adminToken, {
    prefix: 'rst',
    nickname: name,
    packageName: `Five classes ${setup.stamp}`,
    classCount: 5,
  });
  const creditsLeft = async () => (await packagesOf(request, member)).find((p) => p._id === pkg._id)?.remaining_count;

  await loginAdmin(page, DEMO.frontdesk);
  await gotoAdmin(page, `/schedule/sessions/${session._id}`);
  await expect(pageTitle(page)).toHaveText(course);

  await test.step('the member is found by name and added with a credit of their package', async () => {
    await page.getByRole('button', { name: 'Add a member' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a member to ${course}` });
    await dialog.getByRole('combobox', { name: 'Member' }).fill(name);
    await chooseOption(page, name);
    // The package a booking would take is chosen for the desk.
    await expect(dialog.getByText(`${pkg.name} · 5 of 5 left · no expiry`)).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'A credit from their package' })).toBeChecked();
    await saveScreenshot(page, 'admin-roster-add');
    await dialog.getByRole('button', { name: 'Add to the roster' }).click();
    await expect(page.getByText('Member added to the roster')).toBeVisible();
    const roster = page.getByRole('table', { name: 'Roster (1)' });
    await expect(roster.getByRole('row', { name: new RegExp(name) })).toContainText('A credit');
    expect(await creditsLeft()).toBe(4);
  });

  await test.step('removed after saying what happens: the credit comes back and the member is told', async () => {
    await page
      .getByRole('table', { name: 'Roster (1)' })
      .getByRole('button', { name: `Remove ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name} from the roster?` });
    await expect(confirm).toContainText(`${name} gets the credit back and is told`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`${name} removed, credit returned`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Roster (0)' })).toBeVisible();
    expect(await creditsLeft()).toBe(5);
    const { rows } = await callApi(request, notificationCalls.getMyNotifications, {}, member.token);
    // Newest first, after the package they were given (the studio's announcements aside: other journeys post some).
    expect(rows.map((n) => n.type).filter((type) => type !== 'announcement')).toEqual([
      'reservationCancelled',
      'reservationAdded',
      'packageIssued',
    ]);
    await saveScreenshot(page, 'admin-roster');
  });
});

import { adminScheduleCalls } from '@studio/contract/schedule';
import { expectAccessible } from '../../support/a11y';
import { chooseOption, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, tokenOf, uniqueName } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

test('an owner reads the audit log as sentences, filtered by kind of change, by object and by staff member', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Audit Room ${uniqueName('a').slice(-6)}`;
  const desk = await tokenOf(request, DEMO.frontdesk);
  const { room } = await callApi(request, adminScheduleCalls.saveRoom, { name, capacity: 8 }, desk);
  await callApi(request, adminScheduleCalls.saveRoom, { _id: room._id, name, capacity: 11 }, desk);

  await loginAdmin(page, DEMO.admin);
  await gotoAdmin(page, '/audit');
  await expect(pageTitle(page)).toHaveText('Audit log');
  await page.getByRole('combobox', { name: 'Kind of change' }).click();
  await chooseOption(page, 'Classes and rosters');
  await expect(page).toHaveURL(/kind=classes/);
  const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr.ant-table-row');
  const edited = rows.filter({ hasText: `Fran Frontdesk edited the room ${name}` });
  await expect(edited).toHaveCount(1);
  // Sentences, not call names.
  await expect(page.getByRole('table', { name: 'Audit log' })).not.toContainText('admin/room.save');

  // Every change to this room: its creation, then the edit, newest first.
  await edited.getByRole('button', { name: `Every change to ${name}` }).click();
  await expect(page).toHaveURL(/object_id=/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Fran Frontdesk edited the room ${name}`);
  await expect(rows.nth(1)).toContainText(`Fran Frontdesk created the room ${name}`);
  await expect(page.getByText(`Only ${name}`)).toBeVisible();

  // The newest entry, opened: the capacity went from 8 to 11.
  await rows
    .first()
    .getByRole('button', { name: /expand/i })
    .click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /capacity/ })).toContainText('8');
  await expect(changes.getByRole('row', { name: /capacity/ })).toContainText('11');
  await saveScreenshot(page, 'admin-audit');
  await expectAccessible(page, 'back-office audit log');

  // Only this staff member's changes, and the view survives a reload.
  await rows.first().getByRole('button', { name: 'Only changes by Fran Frontdesk' }).click();
  await expect(page).toHaveURL(/actor_id=/);
  await page.reload();
  await expect(page.getByText('By Fran Frontdesk')).toBeVisible();
});

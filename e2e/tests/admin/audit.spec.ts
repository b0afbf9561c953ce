import { adminScheduleCalls } from '@studio/contract/schedule';
import { expectAccessible } from '../../support/a11y';
import { chooseOption, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, tokenOf, uniqueName } from '../../support/api';
import { expect, test } from '../../support/test';

test('an owner reads who changed what in the audit log, filtered by object and by staff member', async ({
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
  await page.getByRole('combobox', { name: 'Object type' }).click();
  await chooseOption(page, 'Room');
  await expect(page).toHaveURL(/object_type=room/);
  await page.getByRole('searchbox', { name: 'Object id' }).fill(room._id);
  await page.getByRole('searchbox', { name: 'Object id' }).press('Enter');
  const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Fran Frontdesk');
  await expect(rows.first()).toContainText('admin/room.save');

  // The newest entry, opened: the capacity went from 8 to 11.
  await rows
    .first()
    .getByRole('button', { name: /expand/i })
    .click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /capacity/ })).toContainText('8');
  await expect(changes.getByRole('row', { name: /capacity/ })).toContainText('11');
  await expectAccessible(page, 'back-office audit log');

  // Only this staff member's changes, and the view survives a reload.
  await rows.first().getByRole('button', { name: 'Only changes by Fran Frontdesk' }).click();
  await expect(page).toHaveURL(/actor_id=/);
  await page.reload();
  await expect(page.getByText('By Fran Frontdesk')).toBeVisible();
});

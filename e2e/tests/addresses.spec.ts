import { expectAccessible } from '../support/a11y';
import { registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { expect, test } from '../support/test';

const home = {
  'Contact name': 'Mia Member',
  Phone: '+44 20 7946 0018',
  Address: '12 Willow Lane',
  'Floor / unit': 'Flat 3',
  Area: 'Hackney',
  City: 'London',
  'County / province': 'England',
  Postcode: 'E8 1AA',
};

test('a member keeps delivery addresses: adds one (errors shown by the field), adds a second as default, deletes it', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, { prefix: 'adr' });
  await seedSession(page, member);
  await openPage(page, paths.profile);
  await page.getByRole('link', { name: 'My addresses' }).click();
  await expect(page.getByText('No address yet: add one for deliveries')).toBeVisible();

  await page.getByRole('button', { name: 'Add an address' }).click();
  for (const [label, value] of Object.entries(home)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Phone', { exact: true }).fill('call me');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Enter a valid phone number')).toBeVisible();
  await expectAccessible(page, 'address editor');
  await page.getByLabel('Phone', { exact: true }).fill(home.Phone);
  await page.getByRole('button', { name: 'Save address' }).click();

  const list = page.getByRole('list', { name: 'My addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Default');
  // Kept in E.164, shown the British way (the demo studio's country): a landline is fine for a delivery.
  await expect(list).toContainText('020 7946 0018');

  await page.getByRole('button', { name: 'Add an address' }).click();
  for (const [label, value] of Object.entries(home)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Contact name', { exact: true }).fill('Mia at work');
  await page.getByLabel('Address', { exact: true }).fill('1 Studio Yard');
  await page.getByText('Use as my default address').click();
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Mia at work');
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  await expectAccessible(page, 'addresses');
  await expect(page.getByText('Saved', { exact: true })).toBeHidden();
  await saveScreenshot(page, 'addresses');

  await page.getByRole('button', { name: 'Delete Mia at work' }).click();
  await expectAccessible(page, 'delete address confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Default');
});

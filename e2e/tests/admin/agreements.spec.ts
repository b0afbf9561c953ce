import { adminAgreementCalls, agreementCalls } from '@studio/contract/agreements';
import { expectAccessible } from '../../support/a11y';
import { gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, tokenOf } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

// The top-up agreement: members are not asked to accept it again (they accept it at each top-up), so
// publishing one stops no other journey.
test('an owner writes the top-up agreement in the editor and publishes it as the next version', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DEMO.admin);
  const before = await callApi(request, adminAgreementCalls.getList, { kind: 'top_up' }, token);
  const next = (before.rows[0]?.version ?? 0) + (before.rows[0]?.published_at === null ? 0 : 1);

  await loginAdmin(page, DEMO.admin);
  await gotoAdmin(page, '/settings/agreements');
  await expect(pageTitle(page)).toHaveText('Agreements');
  await page.locator('.ant-segmented').getByText('Top-up agreement', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Top-up agreement' })).toBeChecked();

  await test.step('write it in English: a title and formatted text', async () => {
    await page.getByRole('textbox', { name: 'Title (English)' }).fill('Top-up terms of Lotus Flow');
    const text = page.getByRole('textbox', { name: 'Text (English)' });
    await text.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Money you add to your wallet pays for classes and goods here. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('It does not expire.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(`Draft of version ${next} saved`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`^${next} Draft`) })).toBeVisible();
    await expectAccessible(page, 'the agreements editor');
    await saveScreenshot(page, 'admin-agreements');
  });

  await test.step('publish after a confirmation that says who sees it', async () => {
    await page.getByRole('button', { name: `Publish version ${next}` }).click();
    const confirm = page.getByRole('dialog', { name: `Publish version ${next} of the Top-up agreement?` });
    await expect(confirm).toContainText('Members will see it the next time they top up.');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(`Version ${next} published`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`^${next} Current`) })).toBeVisible();
  });

  await test.step('members read it', async () => {
    const read = await callApi(request, agreementCalls.getAgreement, { kind: 'top_up' });
    expect(read).toMatchObject({ version: next, title: 'Top-up terms of Lotus Flow' });
    expect(read.content).toContain('<strong>It does not expire.</strong>');
  });
});

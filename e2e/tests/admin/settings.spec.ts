import { adminMerchantCalls } from '@studio/contract/merchant';
import { expectAccessible } from '../../support/a11y';
import { gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { callApi, DEMO, tokenOf } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, test } from '../../support/test';

// Other journeys run at the same time against the same studio: this one changes only what none of
// them reads (the Traditional Chinese name, the login life) and puts both back.
test('an owner changes the studio’s name in one language and a rule, and finds them after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, DEMO.admin);
  const { merchant: before } = await callApi(request, adminMerchantCalls.get, {}, token);

  try {
    await loginAdmin(page, DEMO.admin);
    await gotoAdmin(page, '/settings');
    await expect(pageTitle(page)).toHaveText('Settings');
    await expectAccessible(page, 'back-office settings');
    await saveScreenshot(page, 'admin-settings');

    const studio = page.locator('.ant-card', { hasText: 'The studio' });
    await studio
      .getByRole('group', { name: 'Name' })
      .getByRole('textbox', { name: '繁體中文' })
      .fill('蓮流瑜伽館（總店）');
    await studio.getByRole('button', { name: 'Save the studio' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    const rules = page.locator('.ant-card', { hasText: 'Rules' });
    await expect(rules).toContainText('Default: 7 days');
    // The field keeps to the rule's bounds (4–365 days), as the server does.
    await rules.getByLabel('A login lasts').fill('999');
    await rules.getByLabel('A login lasts').blur();
    await expect(rules.getByLabel('A login lasts')).toHaveValue('365');
    await rules.getByLabel('A login lasts').fill('10');
    await rules.getByRole('button', { name: 'Save the rules' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();

    await page.reload();
    await expect(
      page
        .locator('.ant-card', { hasText: 'The studio' })
        .getByRole('group', { name: 'Name' })
        .getByRole('textbox', { name: '繁體中文' }),
    ).toHaveValue('蓮流瑜伽館（總店）');
    await expect(page.locator('.ant-card', { hasText: 'Rules' }).getByLabel('A login lasts')).toHaveValue('10');

    // The rule is the server's: a login now lasts 10 days.
    const { merchant } = await callApi(request, adminMerchantCalls.get, {}, token);
    expect(merchant.token_ttl_days).toBe(10);
  } finally {
    await callApi(
      request,
      adminMerchantCalls.save,
      { name: before.name_i18n, token_ttl_days: before.token_ttl_days },
      token,
    );
  }
});

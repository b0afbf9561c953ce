import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { loginThroughForm } from '../support/session';
import { latestSmsCode, uniqueMobile } from '../support/sms';
import { expect, test } from '../support/test';

const PASSWORD = 'Lotus_2025';

test('a member who signed up with an SMS code sets a first password, then logs in with it', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();

  await test.step('log in by SMS code (the text goes through the Twilio adapter to a local fake)', async () => {
    // A member page sends the visitor to login, and back there afterwards.
    await openPage(page, paths.accountSecurity);
    await page.getByRole('tab', { name: 'SMS code' }).click();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    let code = '';
    await expect
      .poll(async () => {
        code = await latestSmsCode(request, mobile).catch(() => '');
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  });

  const passwordEntry = page.getByRole('link', { name: 'Login password' });
  const passwordRow = page.locator('.adm-list-item', { has: passwordEntry });

  await test.step('the account has no password yet: set one without a current one', async () => {
    await expect(passwordRow).toContainText('Not set');
    await passwordEntry.click();
    await expect(page.getByText('Your account signs in with codes.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await saveScreenshot(page, 'first-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Password set')).toBeVisible();
    await expect(passwordRow).not.toContainText('Not set');
  });

  await test.step('sign out, and log in with the mobile number and the new password', async () => {
    await openPage(page, paths.setting);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await loginThroughForm(page, mobile, PASSWORD);
    await openPage(page, paths.updatePassword);
    // Now the page asks for the current password.
    await expect(page.getByLabel('Current password')).toBeVisible();
  });
});

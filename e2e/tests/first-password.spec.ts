import { memberPhone } from '../support/admin';
import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { loginThroughForm } from '../support/session';
import { e164Of, latestSmsCode, uniqueMobile } from '../support/sms';
import { expect, test } from '../support/test';

const PASSWORD = 'Lotus_2025';

test('a member who signed up by SMS code with a UK mobile sets a first password, then logs in with it', async ({
  page,
  request,
}) => {
  // The demo studio is in London (setting `country` GB): the number is typed the British way.
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
    // The "code sent" toast fades by itself: wait it out before the picture.
    await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
    await saveScreenshot(page, 'login-sms-uk');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
    // Stored in E.164, shown in the studio's national format with its middle hidden.
    expect(e164Of(mobile)).toMatch(/^\+447700900\d{3}$/);
    const mobileRow = page.locator('.adm-list-item', { has: page.getByRole('link', { name: 'Mobile number' }) });
    await expect(mobileRow).toContainText(`07700 ***${mobile.slice(-3)}`);
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
    // The number the international way reaches the same account.
    await loginThroughForm(page, e164Of(mobile), PASSWORD);
    await openPage(page, paths.updatePassword);
    // Now the page asks for the current password.
    await expect(page.getByLabel('Current password')).toBeVisible();
  });
});

test('the SMS log-in takes a UK number in every language, and says so when it is not a mobile', async ({
  browser,
  baseURL,
}) => {
  for (const [locale, tab, name, language] of [
    ['zh-CN', '短信验证码', '手机号', 'zh-Hans'],
    ['zh-TW', '簡訊驗證碼', '手機號碼', 'zh-Hant'],
  ] as const) {
    const phone = await memberPhone(browser, baseURL, locale);
    await openPage(phone, paths.login);
    await phone.getByRole('tab', { name: tab }).click();
    const field = phone.getByRole('textbox', { name });
    // A London landline is no mobile: refused before anything is sent.
    await field.fill('020 7946 0000');
    await phone.getByRole('button', { name: /获取验证码|取得驗證碼/ }).click();
    await expect(phone.getByRole('alert')).toContainText('+');
    // One code a minute per number: each language its own.
    await field.fill(uniqueMobile());
    await phone.getByRole('button', { name: /获取验证码|取得驗證碼/ }).click();
    await expect(phone.getByRole('alert')).toHaveCount(0);
    await expect(phone.getByRole('button', { name: /获取验证码|取得驗證碼/ })).toHaveCount(0);
    // The "code sent" toast comes, then fades by itself: wait it out before the picture.
    await expect(phone.locator('.adm-toast-main')).toBeVisible();
    await expect(phone.locator('.adm-toast-main')).toHaveCount(0);
    await saveScreenshot(phone, `login-sms-uk-${language}`);
    await phone.context().close();
  }
});

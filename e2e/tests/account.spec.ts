import { expectAccessible } from '../support/a11y';
import { MEMBER_PASSWORD, uniqueName } from '../support/api';
import { openPage, paths, routeUrl } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { loginThroughForm, registerThroughForm } from '../support/session';
import { expect, test } from '../support/test';

test('a new member registers, signs out, logs in, edits their profile and switches to Chinese', async ({ page }) => {
  const username = uniqueName('reg');
  const tabBar = page.getByRole('navigation', { name: 'Main sections' });

  await test.step('register through the form', async () => {
    await openPage(page, paths.register);
    await registerThroughForm(page, username, MEMBER_PASSWORD);
    // Registered means logged in: home greets the new member (their nickname starts as the username).
    await expect(page.getByRole('heading', { name: `Welcome to Lotus Flow Studio, ${username}` })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  });

  await test.step('sign out from settings', async () => {
    await tabBar.getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectAccessible(page, 'sign-out confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    // Signing out opens login without remembering the member-only page as the way back.
    await expect(page).toHaveURL(routeUrl(paths.login));
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  await test.step('log in again', async () => {
    await loginThroughForm(page, username, MEMBER_PASSWORD);
    await expect(page.getByRole('heading', { name: `Welcome to Lotus Flow Studio, ${username}` })).toBeVisible();
  });

  await test.step('a member who is signed in and opens login goes on to where they were going', async () => {
    await openPage(page, `${paths.login}?uniIdRedirectUrl=${encodeURIComponent(paths.setting)}`);
    await expect(page).toHaveURL(routeUrl(paths.setting));
    await expect(page).toHaveTitle('Settings · Lotus Flow Studio');
    await openPage(page, paths.home);
  });

  await test.step('edit nickname and gender, and see them', async () => {
    await tabBar.getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByRole('link', { name: 'Personal info' }).click();
    await page.getByRole('textbox', { name: 'Nickname' }).fill('Mia Chen');
    await page.getByRole('listbox', { name: 'Gender' }).getByRole('option', { name: 'Female' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    const memberCard = page.getByRole('region', { name: 'My account' });
    await expect(memberCard.getByRole('heading', { name: 'Mia Chen' })).toBeVisible();
    await expect(memberCard.getByText(`@${username}`)).toBeVisible();

    // The profile page does not show gender; the saved choice shows when the form is opened again.
    await page.getByRole('link', { name: 'Personal info' }).click();
    await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Mia Chen');
    await expect(page.getByRole('option', { name: 'Female' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Back' }).click();
  });

  await test.step('switch the language to 简体中文, and it survives a reload', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: /Language/ }).click();
    await page.getByRole('radio', { name: '简体中文' }).check();
    await expect(page.getByRole('heading', { name: '语言' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: '语言' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '简体中文' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');

    await openPage(page, paths.profile);
    await expect(page.getByRole('heading', { name: '我的', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: '我的账户' }).getByText('余额')).toBeVisible();
    await saveScreenshot(page, 'profile-zh-Hans');
    await expectAccessible(page, 'profile (zh-Hans)');
  });
});

import { DEMO, registerMember } from '../support/api';
import { openPage, paths, REDIRECT_PARAM, routeUrl } from '../support/app';
import { loginAs, loginThroughForm } from '../support/session';
import { expect, test } from '../support/test';

test('a guarded page sends an anonymous visitor to login, and back there after login', async ({ page, request }) => {
  const member = await registerMember(request, { prefix: 'guard' });

  await openPage(page, paths.settingInfo);
  await expect(page).toHaveURL(
    routeUrl(`${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: paths.settingInfo })}`),
  );
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await loginThroughForm(page, member.username, member.password);
  await expect(page).toHaveURL(routeUrl(paths.settingInfo));
  await expect(page.getByRole('heading', { name: 'Personal info' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue(member.username);
});

test('a member already signed in on this device opens a guarded page directly', async ({ page }) => {
  await loginAs(page, DEMO.member);

  await openPage(page, paths.settingInfo);
  await expect(page).toHaveURL(routeUrl(paths.settingInfo));
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Mia Member');
});

test('an unknown route shows the 404 page, with a way home', async ({ page }) => {
  await openPage(page, '/pages/nope');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Lotus Flow Studio');

  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Lotus Flow Studio', exact: true })).toBeVisible();
});

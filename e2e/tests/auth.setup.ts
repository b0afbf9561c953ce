import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { accountCalls } from '@studio/contract/account';
import { callApi, registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { MEMBER_INFO, MEMBER_STATE } from '../support/auth';
import { loginThroughForm } from '../support/session';

// Log in once: a fresh member, signed in through the real login form; tests that only need "a
// logged-in member" start from the saved browser state (`test.use({ storageState: MEMBER_STATE })`).
setup('a member logs in', async ({ page, request }) => {
  const member = await registerMember(request, { prefix: 'mia' });
  await callApi(request, accountCalls.updateUser, { nickname: 'Mia Rivers', gender: 2 }, member.token);

  await openPage(page, paths.login);
  await loginThroughForm(page, member.username, member.password);
  // Registered minutes ago: home greets her as a new member.
  await expect(page.getByRole('heading', { name: 'Welcome to Lotus Flow Studio, Mia Rivers' })).toBeVisible();

  mkdirSync(path.dirname(MEMBER_STATE), { recursive: true });
  await page.context().storageState({ path: MEMBER_STATE });
  writeFileSync(MEMBER_INFO, JSON.stringify(member, null, 2));
});

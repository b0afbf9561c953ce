import { adminAgreementCalls, agreementCalls } from '@studio/contract/agreements';
import { expectAccessible } from '../support/a11y';
import { callApi, type Member, registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { adminToken, STUDIO_TZ } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { type Browser, devices, expect, type Page, test } from '../support/test';

// This journey is about the dialog: nothing may accept it for the member.
test.use({ acceptNewTerms: false });

const TEXTS = {
  en: { title: 'Privacy Policy', content: '<h2>What we keep</h2><p>Only what running your bookings needs.</p>' },
  'zh-Hans': { title: '隐私政策', content: '<h2>我们保存什么</h2><p>只保存处理预约所需的信息。</p>' },
  'zh-Hant': { title: '隱私權政策', content: '<h2>我們保存什麼</h2><p>只保存處理預約所需的資訊。</p>' },
};

/** A phone in `locale` for a member who was registered before the new policy. */
async function phoneIn(browser: Browser, baseURL: string | undefined, locale: string, member: Member): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 375, height: 812 },
    baseURL,
    locale,
    timezoneId: STUDIO_TZ,
  });
  const page = await context.newPage();
  await seedSession(page, member);
  return page;
}

test('a new privacy policy is put to members at their next visit; accepting it lets them go on', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Members who joined under the earlier text.
  const [member, memberHans, memberHant] = await Promise.all([
    registerMember(request, { prefix: 'terms' }),
    registerMember(request, { prefix: 'termsh' }),
    registerMember(request, { prefix: 'termst' }),
  ]);
  let version = 0;

  await test.step('the studio publishes a new privacy policy (back office calls)', async () => {
    const admin = await adminToken(request);
    const { row } = await callApi(
      request,
      adminAgreementCalls.saveDraft,
      { kind: 'privacy_policy', texts: TEXTS },
      admin,
    );
    version = (await callApi(request, adminAgreementCalls.publish, { kind: 'privacy_policy', _id: row._id }, admin)).row
      .version;
    const pending = await callApi(request, agreementCalls.getPending, {}, member.token);
    expect(pending.pending).toContainEqual({ kind: 'privacy_policy', version });
  });

  await test.step('at the next visit the app asks, and nothing can be done behind the dialog', async () => {
    await seedSession(page, member);
    await openPage(page, paths.profile);
    const dialog = page.getByRole('dialog', { name: 'We have updated our terms' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: `Read the Privacy Policy (version ${version})` })).toBeVisible();
    await expectAccessible(page, 'the new terms dialog');
    await saveScreenshot(page, 'agreement-accept');
  });

  await test.step('the link shows the new text; back again, the dialog is still there', async () => {
    const dialog = page.getByRole('dialog', { name: 'We have updated our terms' });
    await dialog.getByRole('link', { name: /Read the Privacy Policy/ }).click();
    const policy = page.getByRole('region', { name: 'Privacy Policy' });
    await expect(policy.getByRole('heading', { name: 'What we keep' })).toBeVisible();
    await expect(policy).toContainText(`Version ${version}`);
    await expect(dialog).toBeHidden();
    await page.goBack();
    await expect(dialog).toBeVisible();
  });

  await test.step('Accept: the dialog goes, and does not come back on the next visit', async () => {
    const dialog = page.getByRole('dialog', { name: 'We have updated our terms' });
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(
      page
        .getByRole('heading', { name: 'Me', level: 1 })
        .or(page.getByRole('link', { name: 'Settings' }))
        .first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await callApi(request, agreementCalls.getPending, {}, member.token)).pending).toEqual([]);
  });

  await test.step('the same dialog in Simplified and Traditional Chinese', async () => {
    for (const [locale, who, title, accept, shot] of [
      ['zh-CN', memberHans, '我们更新了条款', '接受并继续', 'agreement-accept-zh-Hans'],
      ['zh-TW', memberHant, '我們更新了條款', '接受並繼續', 'agreement-accept-zh-Hant'],
    ] as const) {
      const phone = await phoneIn(browser, baseURL, locale, who);
      await openPage(phone, paths.profile);
      const dialog = phone.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await saveScreenshot(phone, shot);
      await dialog.getByRole('button', { name: accept }).click();
      await expect(dialog).toBeHidden();
      await phone.context().close();
    }
  });
});

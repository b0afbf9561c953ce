import { adminMerchantCalls } from '@studio/contract/merchant';
import { expectAccessible } from '../support/a11y';
import { callApi, registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { adminToken, STUDIO_TZ } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { devices, expect, test } from '../support/test';

const HOST = 'timetable.lotus-yoga.example';
const TIMETABLE = `https://${HOST}/autumn.html`;
const ELSEWHERE = 'https://maps.elsewhere.example/place/lotus';

/** The studio's own site and another one, served by the test (no network needed). */
const SITE = (title: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><body style="font:16px sans-serif;padding:16px"><h1>${title}</h1><p>Mon 07:00 Vinyasa Flow · Tue 18:30 Yin Yoga · Sat 09:00 Hatha Basics</p></body></html>`;

test('a studio link opens inside the app when its host is allowed; any other asks first', async ({
  page,
  request,
  context,
}) => {
  const admin = await adminToken(request);
  const { merchant } = await callApi(request, adminMerchantCalls.get, {}, admin);
  await callApi(request, adminMerchantCalls.save, { web_view: { hosts: [HOST] } }, admin);
  await context.route(`https://${HOST}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: SITE('Autumn timetable') }),
  );
  await context.route('https://maps.elsewhere.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: SITE('A map elsewhere') }),
  );
  await seedSession(page, await registerMember(request, { prefix: 'webv' }));

  try {
    await test.step('an allowed https page is framed under the app’s bar, with a way back', async () => {
      // The page's CSP names the allowed host in frame-src, or the browser would refuse the frame.
      const answer = await request.get('/');
      expect(answer.headers()['content-security-policy']).toContain(`frame-src https://${HOST}`);
      await openPage(page, `${paths.webView}?url=${encodeURIComponent(TIMETABLE)}`);
      const frame = page.frameLocator(`iframe[title="Page from ${HOST}"]`);
      await expect(frame.getByRole('heading', { name: 'Autumn timetable' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expectAccessible(page, 'the web-view page');
      await saveScreenshot(page, 'web-view');
    });

    await test.step('another address asks, then opens in a new tab, never framed', async () => {
      await openPage(page, `${paths.webView}?url=${encodeURIComponent(ELSEWHERE)}`);
      const dialog = page.getByRole('dialog', { name: 'Leave the app?' });
      await expect(dialog).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      await expectAccessible(page, 'asking before leaving the app');
      await saveScreenshot(page, 'web-view-leave');
      const popup = context.waitForEvent('page');
      await dialog.getByRole('button', { name: 'Open in a new tab' }).click();
      const tab = await popup;
      await expect(tab).toHaveURL(ELSEWHERE);
      // noopener: the new tab cannot reach back into the app.
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await tab.close();
    });

    await test.step('javascript: is never opened', async () => {
      await openPage(page, `${paths.webView}?url=${encodeURIComponent('javascript:alert(1)')}`);
      await expect(page.getByText('This link cannot be opened')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  } finally {
    await callApi(request, adminMerchantCalls.save, { web_view: merchant.web_view }, admin);
  }
});

test('the question before leaving the app, in Simplified and Traditional Chinese', async ({
  browser,
  baseURL,
  request,
}) => {
  for (const [locale, title, shot] of [
    ['zh-CN', '要离开本应用吗？', 'web-view-leave-zh-Hans'],
    ['zh-TW', '要離開本應用嗎？', 'web-view-leave-zh-Hant'],
  ] as const) {
    const context = await browser.newContext({
      ...devices['Pixel 5'],
      viewport: { width: 375, height: 812 },
      baseURL,
      locale,
      timezoneId: STUDIO_TZ,
    });
    const phone = await context.newPage();
    await seedSession(phone, await registerMember(request, { prefix: 'webz' }));
    await openPage(phone, `${paths.webView}?url=${encodeURIComponent(ELSEWHERE)}`);
    await expect(phone.getByRole('dialog', { name: title })).toBeVisible();
    await saveScreenshot(phone, shot);
    await context.close();
  }
});

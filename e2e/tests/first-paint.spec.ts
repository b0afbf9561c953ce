import path from 'node:path';
import { openPage, paths } from '../support/app';
import { SCREENSHOT_DIR } from '../support/screenshots';
import { expect, type Route, test } from '../support/test';

// A phone in Simplified Chinese, a visitor: the app's language comes from the browser.
test.use({ locale: 'zh-CN' });

test('a tab page paints its frame in the member’s language before the app’s code has come, then the app takes over', async ({
  page,
}) => {
  // The app's own chunk (app/start.tsx and what it imports) is held back, as on a slow network.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    if (release) await route.continue();
    else held.push(route);
  });

  let headingTop = 0;
  await test.step('the schedule’s heading and the tab bar show at once', async () => {
    await openPage(page, paths.reservation);
    await expect(page.getByRole('heading', { level: 1, name: '约课' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: '主导航' });
    await expect(tabs.getByRole('link', { name: '约课' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: '首页' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    // The demo studio offers the test card: the page says so, and the frame carries the band at once
    // (drawn once the studio's info came, it would push the page down).
    await expect(page.getByRole('complementary', { name: '测试模式' })).toHaveText('测试模式：此处的付款不是真实付款');
    headingTop = await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().top);
    // Only the frame: the schedule itself needs the app.
    await expect(page.getByRole('group', { name: '选择日期' })).toHaveCount(0);
    expect(held.length).toBeGreaterThan(0);
    // Not saveScreenshot: it waits for the network to go quiet, which the held chunk never lets happen.
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedule-frame-zh-Hans.png') });
  });

  await test.step('the app arrives: the same frame, now live, with the schedule in it', async () => {
    release = true;
    for (const route of held.splice(0)) await route.continue();
    await expect(page.getByRole('group', { name: '选择日期' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('complementary', { name: '测试模式' })).toHaveCount(1);
    // Nothing moved when the app took over.
    expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().top)).toBe(
      headingTop,
    );
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '约课' })).toHaveCount(0);
  });
});

import { DEMO } from '../support/api';
import { openPage, paths } from '../support/app';
import { saveScreenshot } from '../support/screenshots';
import { loginAs } from '../support/session';
import { expect, test } from '../support/test';

// The demo studio's course names in English, Simplified and Traditional Chinese (modules/reservations/seed.ts).
const COURSE_NAMES = {
  en: /^(Vinyasa Flow|Hatha Basics|Yin Yoga|Mat Pilates|Power Yoga)$/,
  'zh-Hans': /^(流瑜伽|哈他瑜伽入门|阴瑜伽|垫上普拉提|力量瑜伽)$/,
};

test('in 简体中文 the schedule shows the studio’s courses in Chinese, without a reload', async ({ page }) => {
  await loginAs(page, DEMO.member);

  await test.step('the schedule in English', async () => {
    await openPage(page, paths.reservation);
    await expect(page.getByText(COURSE_NAMES.en).first()).toBeVisible();
  });

  await test.step('switch to 简体中文 and go back to the schedule: its classes are fetched again, in Chinese', async () => {
    await openPage(page, paths.language);
    await page.getByRole('radio', { name: '简体中文' }).check();
    await expect(page.getByRole('heading', { name: '语言' })).toBeVisible();
    await openPage(page, paths.reservation);
    await expect(page.getByText(COURSE_NAMES['zh-Hans']).first()).toBeVisible();
    await expect(page.getByText(COURSE_NAMES.en)).toHaveCount(0);
    // The switch's toast would cover the list in the picture.
    await expect(page.getByText('语言已切换')).toBeHidden();
    await saveScreenshot(page, 'schedule-zh-Hans');
  });

  await test.step('the shop reads Chinese too: categories, goods names and options', async () => {
    await openPage(page, paths.order);
    await expect(page.getByText('瑜伽垫与辅具')).toBeVisible();
    await expect(page.getByRole('link', { name: /10次课程卡/ })).toBeVisible();
    await openPage(page, `${paths.goodsDetail}?_id=demo-goods-cork-mat`);
    await expect(page.getByRole('heading', { name: '软木瑜伽垫' })).toBeVisible();
    await page.getByRole('button', { name: '加入购物车' }).click();
    await expect(page.locator('.spec-sheet').getByText('苔绿', { exact: true })).toBeVisible();
    await page.locator('.adm-mask').click({ position: { x: 10, y: 10 } });
    // The demo shop's mats and props: other journeys add goods of their own to the shop at the same time.
    await openPage(page, `${paths.order}?tab=demo-cat-mats`);
    await expect(page.getByRole('link', { name: /软木瑜伽垫/ })).toBeVisible();
    await saveScreenshot(page, 'shop-zh-Hans');
  });
});

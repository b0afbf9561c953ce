import { openPage, paths } from '../support/app';
import { expect, test } from '../support/test';

// The coupon page's four tabs at 375 px: each title whole and in sight, never slid under the edge's
// fade ("Expired" read "Expir"), in every language of the app.
const languages = [
  { locale: 'en-GB', tabs: ['Coupon centre', 'My coupons', 'Used', 'Expired'] },
  { locale: 'zh-CN', tabs: ['领券中心', '我的券', '已使用', '已过期'] },
  { locale: 'zh-TW', tabs: ['領券中心', '我的券', '已使用', '已過期'] },
];

for (const { locale, tabs } of languages) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`the coupon tabs fit a 375 px phone (${locale})`, async ({ page }) => {
      await openPage(page, `${paths.couponList}?tab=expired`);
      const list = page.getByRole('tablist');
      await expect(list.getByRole('tab')).toHaveText(tabs);
      const bar = (await list.boundingBox())!;
      for (const tab of await list.getByRole('tab').all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x, `${await tab.textContent()} starts inside the bar`).toBeGreaterThanOrEqual(bar.x);
        expect(box.x + box.width, `${await tab.textContent()} ends inside the bar`).toBeLessThanOrEqual(
          bar.x + bar.width + 0.5,
        );
        // Nothing of its title cut off inside it either.
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      // Nothing to scroll: every tab is already in view.
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    });
  });
}

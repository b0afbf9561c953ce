import { gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { type LayoutRows, seedLongRows } from '../../support/admin-layout';
import { DEMO } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, type Page, test } from '../../support/test';

// The narrowest desktop the back office is made for (UI.md: 1280–1920 wide).
test.use({ viewport: { width: 1280, height: 800 } });

interface Fit {
  /** How much wider than its box each table is (0: it fits). */
  tableOverflow: number[];
  /** Tables whose right edge is past the window's. */
  tablesPastWindow: number;
  /** Buttons and links in table rows not wholly inside both the window and their table's box. */
  hidden: string[];
  /** How much wider than the window the page is. */
  pageOverflow: number;
}

/** Measures the page as it is: every table, every button and link in a table row, and the page itself. */
function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    const wrappers = Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'));
    const hidden: string[] = [];
    for (const wrapper of wrappers) {
      const box = (wrapper.querySelector('.ant-table-content, .ant-table-body') ?? wrapper).getBoundingClientRect();
      for (const control of Array.from(wrapper.querySelectorAll<HTMLElement>('tbody button, tbody a'))) {
        const r = control.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const inside = r.left >= Math.max(0, box.left) - 1 && r.right <= Math.min(width, box.right) + 1;
        if (!inside) hidden.push(control.getAttribute('aria-label') ?? control.textContent ?? control.tagName);
      }
    }
    return {
      tableOverflow: wrappers.map((w) => {
        const content = w.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        return content ? Math.max(0, content.scrollWidth - content.clientWidth) : 0;
      }),
      tablesPastWindow: wrappers.filter((w) => w.getBoundingClientRect().right > width + 1).length,
      hidden,
      pageOverflow: Math.max(0, scroller.scrollWidth - scroller.clientWidth),
    };
  });
}

/**
 * A list found by a search, so the long row is on its first page however many rows the other journeys
 * have added to a list sorted by name.
 */
const searched = (path: string, keyword: string) => `${path}?keyword=${encodeURIComponent(keyword)}`;

/** The back office's pages with tables, each with what must show in a row once it has loaded. */
function pagesOf(rows: LayoutRows): {
  path: string;
  shows?: RegExp | string;
  actions?: (string | RegExp)[];
  screenshot?: string;
  /** The labelled part of the page the screenshot shows. */
  shown?: string;
}[] {
  return [
    { path: '/' },
    { path: '/orders', shows: rows.refundOrderNo, screenshot: 'admin-layout-orders' },
    { path: `/orders/${rows.refundOrderNo}`, shows: 'Natural cork yoga block' },
    // The buttons the issue found off-screen at 1440 px.
    { path: '/refunds', shows: rows.refundOrderNo, actions: ['Approve', 'Refuse'], screenshot: 'admin-layout-refunds' },
    { path: '/shop/reviews', shows: 'Firm and light', actions: [/reply/i], screenshot: 'admin-layout-reviews' },
    { path: searched('/members', 'Wilhelmina Fitzgerald-Montgomery'), shows: 'Wilhelmina Fitzgerald-Montgomery' },
    { path: `/members/${rows.member._id}`, shows: 'Ten classes, valid for a year' },
    { path: searched('/shop/coupons', 'Spring welcome back'), shows: 'Spring welcome back' },
    { path: searched('/shop/goods', 'Natural cork yoga block'), shows: 'Natural cork yoga block' },
    { path: `/shop/goods/${rows.goodsId}`, screenshot: 'admin-layout-goods-editor', shown: 'Options and stock' },
    { path: searched('/shop/freight', 'Heavy parcels'), shows: 'Heavy parcels' },
    { path: searched('/courses', 'Slow Flow and Yin'), shows: 'Slow Flow and Yin' },
    { path: searched('/rooms', 'The Long Garden Studio'), shows: 'The Long Garden Studio' },
    { path: searched('/teachers', 'Anastasia Konstantinopoulou'), shows: 'Anastasia Konstantinopoulou' },
    { path: `/schedule/sessions/${rows.sessionId}`, shows: 'Wilhelmina Fitzgerald-Montgomery' },
    { path: '/notices', shows: 'The studio closes early' },
    { path: '/deliveries' },
    { path: '/audit' },
  ];
}

test('every back-office table fits a 1280 px window, its row actions in sight', async ({ page, request }) => {
  // Eighteen pages, each loaded and measured.
  test.setTimeout(240_000);
  const rows = await seedLongRows(request);
  await loginAdmin(page, DEMO.admin);

  for (const { path, shows, actions = [], screenshot, shown } of pagesOf(rows)) {
    await test.step(path, async () => {
      await gotoAdmin(page, path);
      // A page's first load fetches its chunk: more than the 7 s default on a busy machine.
      await expect(pageTitle(page)).toBeVisible({ timeout: 20_000 });
      const table = page.locator('.ant-table-wrapper');
      if (shows) await expect(table.locator('tbody').getByText(shows).first()).toBeVisible({ timeout: 20_000 });
      else await expect(table.first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
      for (const name of actions) {
        const row = page.getByRole('row').filter({ hasText: shows ?? '' });
        await expect(row.getByRole('button', { name, exact: typeof name === 'string' }).first()).toBeVisible();
      }
      const fit = await measure(page);
      expect(fit.pageOverflow, `${path}: the page scrolls sideways`).toBe(0);
      expect(fit.tablesPastWindow, `${path}: a table reaches past the window`).toBe(0);
      expect(fit.tableOverflow, `${path}: a table is wider than its box`).toEqual(fit.tableOverflow.map(() => 0));
      expect(fit.hidden, `${path}: buttons or links out of sight`).toEqual([]);
      if (shown) await page.getByLabel(shown, { exact: true }).first().scrollIntoViewIfNeeded();
      if (screenshot) await saveScreenshot(page, screenshot);
    });
  }
});

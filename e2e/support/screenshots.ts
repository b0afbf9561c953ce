import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './a11y';

/** Committed screenshots of the real pages; the README embeds them. Overwritten on every run. */
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Saves what the phone shows now as `e2e/screenshots/<name>.png`, once fonts and images have loaded. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
      ),
    );
  });
  // Nothing may reach past the screen's edge: on a phone the page would then open zoomed out, and
  // the tab bar (fixed to the bottom of a layout grown past the screen) slid out of sight.
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(-5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className)} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
  });
  expect(overflow, `${name}: the page is wider than the screen`).toEqual([]);
  // antd-mobile's dialogs and sheets fade in from JavaScript, which `animations: 'disabled'` leaves
  // running: a picture taken mid-fade shows a see-through dialog.
  await settleAnimations(page);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
}

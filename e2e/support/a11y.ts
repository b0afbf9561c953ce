import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for the animations that end (a message fading in, a drawer sliding) to end, so that axe
 * measures the colours a reader sees, not a frame of a fade; endless ones (spinners) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // antd-mobile's fades (toasts, masks, popups) run in JavaScript (react-spring), writing inline
  // opacity and transform each frame, outside getAnimations(): wait until those stop changing.
  await page.evaluate(async () => {
    const sample = () =>
      Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"], [style*="transform"]'))
        .map((el) => `${el.style.opacity}|${el.style.transform}`)
        .join(',');
    const frame = () => new Promise((resolve) => setTimeout(resolve, 50));
    let last = sample();
    for (let waited = 0; waited < 2000; waited += 50) {
      await frame();
      const now = sample();
      if (now === last) return;
      last = now;
    }
  });
}

/**
 * Runs axe on the page once its animations have ended, and fails on any serious or critical violation (minor and
 * moderate ones are reported in the message of a failure but do not fail on their own).
 */
export async function expectAccessible(page: Page, pageName: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  expect(
    blocking.map((v) => v.id),
    `accessibility of the ${pageName} page:\n${report}`,
  ).toEqual([]);
}

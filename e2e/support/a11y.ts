import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** One rule axe found broken, with the elements that break it. */
export type AxeViolation = axe.Result;

/**
 * Waits for the animations that end (a message fading in, a drawer sliding) to end, so that axe
 * measures the colours a reader sees, not a frame of a fade; endless ones (spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
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
    // Mid-fade: an inline opacity strictly between 0 and 1 (a toast fading in is half see-through).
    const fading = () =>
      Array.from(document.querySelectorAll<HTMLElement>('[style*="opacity"]')).some((el) => {
        const opacity = Number(el.style.opacity);
        return opacity > 0 && opacity < 1;
      });
    const frame = () => new Promise((resolve) => setTimeout(resolve, 50));
    let last = sample();
    let still = 0;
    // Settled: nothing fading, and nothing moved for 150 ms (a busy machine may skip a frame or two).
    for (let waited = 0; waited < 3000 && still < 3; waited += 50) {
      await frame();
      const now = sample();
      still = now === last && !fading() ? still + 1 : 0;
      last = now;
    }
  });
}

/**
 * Rules axe leaves off by default (experimental) that these checks hold too: a control's accessible name
 * contains the words it shows (UI.md), so a speech user can say what they see ("Replace", not "Upload").
 */
const EXTRA_RULES = ['label-content-name-mismatch'] as const;

/**
 * Every axe violation on the page as it is now (any impact), once its animations have ended. Axe is put
 * into the page once per document and run there directly (a journey checks a page many times; the
 * @axe-core/playwright builder injected its 600 kB again and opened a blank page for every check).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const rules = Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }]));
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    { rules, resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
  return results.violations;
}

/**
 * What a failure says: where (the page's name and URL), then each rule broken with its id, impact and
 * help page, and the elements that break it (selector, markup, and what to fix).
 */
export function describeViolations(violations: readonly AxeViolation[], where: string, url: string): string {
  const rules = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 8)
      .map(
        (n) =>
          `    - ${n.target.join(' ')}\n      ${n.html.replace(/\s+/g, ' ').slice(0, 200)}\n      ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      );
    if (v.nodes.length > 8) nodes.push(`    … and ${v.nodes.length - 8} more`);
    return `  [${v.impact ?? 'unknown'}] ${v.id} (${v.nodes.length}×): ${v.help}\n    ${v.helpUrl}\n${nodes.join('\n')}`;
  });
  return `accessibility of ${where} at ${url}: ${violations.length} axe rule(s) broken\n${rules.join('\n')}`;
}

/**
 * Runs axe on the page once its animations have ended, and fails on any violation, whatever its impact
 * (critical, serious, moderate or minor), naming each rule, the elements that break it and the page's URL.
 */
export async function expectAccessible(page: Page, pageName: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(
    violations.map((v) => v.id),
    describeViolations(violations, `the ${pageName} page`, page.url()),
  ).toEqual([]);
  await markChecked(page);
}

/**
 * Remembers that the page passed axe as it is now: a MutationObserver notes any later change to its
 * DOM, so the check at the end of a test (support/test.ts) can skip a page nothing has touched since.
 */
async function markChecked(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as typeof window & { __axeChecked?: { url: string; changed: boolean; stop: () => void } };
    w.__axeChecked?.stop();
    const observer = new MutationObserver(() => {
      mark.changed = true;
      observer.disconnect();
    });
    const mark = { url: location.href, changed: false, stop: () => observer.disconnect() };
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    w.__axeChecked = mark;
  });
}

/** Whether the page passed expectAccessible and has not changed since (same address, same DOM). */
export async function unchangedSinceChecked(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const mark = (window as typeof window & { __axeChecked?: { url: string; changed: boolean } }).__axeChecked;
    return Boolean(mark && !mark.changed && mark.url === location.href);
  });
}

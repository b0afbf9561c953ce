import { test as base, type Page } from '@playwright/test';
import { axeViolations, describeViolations, unchangedSinceChecked } from './a11y';

// Everything of Playwright's test API, with `test` replaced by the one below: every spec imports from
// here (Biome refuses '@playwright/test' in e2e/tests), so every journey ends with an axe check.
export * from '@playwright/test';

export interface AccessibilityOptions {
  /**
   * Run axe on every page still open when a test has passed (default true), and fail the test on any
   * violation. A spec whose last screen is not the app's (a browser error page) turns it off with
   * `test.use({ checkAccessibilityAfterTest: false })`.
   */
  checkAccessibilityAfterTest: boolean;
  /**
   * Accept the studio's new user agreement or privacy policy whenever the app asks (default true): a
   * journey that publishes one (agreements.spec.ts) would otherwise block every journey running beside
   * it. The journey about that dialog turns it off.
   */
  acceptNewTerms: boolean;
}

/** The app's "new terms" dialog (apps/web shared/agreements/agreement-gate.tsx) in every language. */
const NEW_TERMS = /^(We have updated our terms|我们更新了条款|我們更新了條款)$/;
const ACCEPT_TERMS = /^(Accept and continue|接受并继续|接受並繼續)$/;

export async function acceptTermsWhenAsked(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: NEW_TERMS });
  await page.addLocatorHandler(dialog, async () => {
    await dialog.getByRole('button', { name: ACCEPT_TERMS }).click();
  });
}

/** The pages a test leaves open: its own page and those of contexts it opened (a desk beside a phone). */
function openPages(pages: readonly Page[]): Page[] {
  return pages.filter((p) => !p.isClosed() && /^https?:/.test(p.url()));
}

/** Axe on one page; a navigation that replaces the document mid-check is waited out and checked again. */
async function violationsOf(page: Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState('domcontentloaded');
      return await axeViolations(page);
    } catch (error) {
      const navigated = /context was destroyed|navigat/i.test(String(error));
      if (!navigated || attempt >= 2) throw error;
    }
  }
}

export const test = base.extend<AccessibilityOptions>({
  checkAccessibilityAfterTest: [true, { option: true }],
  acceptNewTerms: [true, { option: true }],
  // The check sits in the context's teardown, while every page the test opened is still there; with a
  // time of its own, so a journey near its timeout is not failed by the minute axe takes on a busy machine.
  context: [
    async ({ context, checkAccessibilityAfterTest, acceptNewTerms }, use, testInfo) => {
      if (acceptNewTerms) context.on('page', (page) => void acceptTermsWhenAsked(page).catch(() => undefined));
      await use(context);
      if (!checkAccessibilityAfterTest || testInfo.status !== testInfo.expectedStatus) return;
      const pages = openPages((context.browser()?.contexts() ?? [context]).flatMap((c) => c.pages()));
      const failures: string[] = [];
      for (const page of pages) {
        // A page the test checked last and left as it was has nothing new to find.
        if (await unchangedSinceChecked(page).catch(() => false)) continue;
        const violations = await violationsOf(page);
        if (violations.length) failures.push(describeViolations(violations, 'the last screen of the test', page.url()));
      }
      if (failures.length) {
        throw new Error(
          `The journey passed, but its last screen breaks axe rules (e2e/support/test.ts checks every page a test leaves open):\n${failures.join('\n')}`,
        );
      }
    },
    { scope: 'test', timeout: 90_000 },
  ],
});

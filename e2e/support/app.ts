import type { Page } from '@playwright/test';
import { paths, REDIRECT_PARAM } from '../../apps/web/src/shared/navigation/paths';

// The web app's own route table: one list of paths for the app and its tests.
export { paths, REDIRECT_PARAM };

/** Opens a page of the hash-routed app, e.g. `openPage(page, paths.settingInfo)`. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
}

/** The route the app shows now (the part after `#`, without its query). */
export function currentRoute(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}

/** Matches a page url whose route (after `#`) is exactly `route`, query included. */
export function routeUrl(route: string): RegExp {
  return new RegExp(`#${route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

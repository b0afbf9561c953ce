import { expectAccessible } from '../support/a11y';
import { openPage, paths, routeUrl } from '../support/app';
import { createClassSetup, createSession, studioSessionTimes } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { type BrowserContext, expect, type Page, test } from '../support/test';

/*
 * The member app on the home screen (issue 23 §2): its service worker, the studio's manifest and
 * icons, a Web Push notification that opens the class, and the "new version" prompt. The worker is
 * blocked in every other spec (playwright.config.ts); these journeys need it.
 */
test.use({ serviceWorkers: 'allow' });

/** Waits until the app has registered its worker (after its first load) and the worker controls the page. */
async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Width and height from a PNG's IHDR chunk (bytes 16-23 of the file). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the app installs: a service worker controls the page and the studio’s manifest is valid', async ({
  page,
  request,
}) => {
  await openPage(page, paths.home);
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
  // The frame and pages' code were precached: a reload comes from the worker's cache.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const precache = names.find((name) => name.includes('precache'));
    return precache ? (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname) : [];
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
  // …but not the staff's QR-scanner decoder (about 370 KB; its barcode formats name AZTEC): members never open it.
  const scripts = await Promise.all(
    cached.filter((path) => path.endsWith('.js')).map(async (path) => (await request.get(path)).text()),
  );
  expect(scripts.filter((code) => code.includes('AZTEC'))).toEqual([]);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    lang: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.name.length).toBeGreaterThan(0);
  expect([...manifest.short_name].length).toBeLessThanOrEqual(12);
  expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', lang: 'en' });
  expect(manifest.theme_color).toMatch(/^#[0-9A-F]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9A-F]{6}$/i);
  expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body())).toEqual({ width, height });
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/icon-192.png');
});

/** The registration id of the app's worker, as DevTools knows it (for ServiceWorker.deliverPushMessage). */
async function pushTarget(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registrationId };
}

test('a push shows a notification, and its click opens the class it is about', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const setup = await createClassSetup(request, { courseName: 'Moonlight Yin' });
  const session = await createSession(request, setup, studioSessionTimes(3, '19:00'));
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });

  await openPage(page, paths.home);
  await controlledBy(page);
  const { cdp, registrationId } = await pushTarget(context, page, origin);

  const classPage = `${paths.courseDetail}?_id=${session._id}`;
  const message = {
    title: 'A seat is yours',
    body: `${setup.course.name} on Thursday at 19:00`,
    url: classPage,
    tag: `session-${session._id}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }));
      }),
    )
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: classPage } }]);

  // A click, as the browser would deliver it: a notificationclick event with the shown notification,
  // handled by the worker's own listener.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('no notification shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });

  await expect(page).toHaveURL(routeUrl(classPage));
  await expect(page.getByText(setup.course.name).first()).toBeVisible();
  // Clicked, it is gone from the tray.
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length))
    .toBe(0);
});

/** Answers user/pub/checkVersion with `answer` (the app asks from the page, where page.route sees it). */
async function serverVersion(page: Page, answer: { version: string; min_version: string; notes?: string }) {
  await page.route('**/api/router', async (route) => {
    const body = route.request().postDataJSON() as { url?: string } | null;
    if (body?.url !== 'user/pub/checkVersion') return route.fallback();
    return route.fulfill({ json: { code: 0, msg: 'ok', ...answer } });
  });
}

test('a newer version on the server shows “A new version is ready”; Reload loads it', async ({ page }) => {
  await serverVersion(page, { version: '99.0.0+e2e', min_version: '0.0.0', notes: 'Class reminders by push' });
  await openPage(page, paths.home);

  const prompt = page.getByRole('status', { name: 'A new version is ready' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt).toContainText('Class reminders by push');
  // The page stays usable behind it.
  await expect(page.getByRole('navigation', { name: 'Main sections' })).toBeVisible();
  await saveScreenshot(page, 'update-ready');

  const reloaded = page.waitForEvent('load');
  const askedAgain = page.waitForRequest(
    (r) => r.url().endsWith('/api/router') && r.postData()?.includes('user/pub/checkVersion') === true,
  );
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  // Asked again after the reload, the same version is not offered a second time in this tab.
  await askedAgain;
  await expect(page.getByRole('navigation', { name: 'Main sections' })).toBeVisible();
  await expect(prompt).toBeHidden();
});

test('an app below the server’s min_version must reload before going on', async ({ page }) => {
  await serverVersion(page, { version: '99.0.0+e2e', min_version: '99.0.0' });
  await openPage(page, paths.home);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Please reload the app');
  await expect(dialog.getByRole('button')).toHaveText(['Reload']);
  await expectAccessible(page, 'reload required dialog');
  await expect(page.getByRole('status', { name: 'A new version is ready' })).toHaveCount(0);
});

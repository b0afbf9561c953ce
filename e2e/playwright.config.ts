import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './support/mail-ports';
import { SMS_PORT } from './support/sms';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCI = !!process.env.CI && process.env.CI !== 'false';
const PORT = Number(process.env.E2E_PORT ?? 3170);
const baseURL = `http://127.0.0.1:${PORT}`;
const TWILIO_SID = 'AC00000000000000000000000000e2e000';
/**
 * A database of its own, emptied before every run, so each run starts from the demo seed alone; one
 * per port, so a run on another E2E_PORT (beside a run on the default one) never empties the other's.
 */
/** The accessibility tour of the main pages: read only, so it runs with the README's tour. */
const TOUR_PHONE = /accessibility\.spec\.ts/;
const dataDir = path.join(root, '.tmp', PORT === 3170 ? 'e2e-data' : `e2e-data-${PORT}`);

/** Debian's Chromium (never a downloaded browser): CHROME_PATH, else /usr/bin/chromium. */
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// A phone (375×812, touch, mobile viewport, Android Chrome's user agent) in Chromium, the one browser here.
// Device scale 2 keeps the screenshots sharp but small enough for the README.
const phone = {
  ...devices['Pixel 5'],
  deviceScaleFactor: 2,
  browserName: 'chromium' as const,
  defaultBrowserType: 'chromium' as const,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  launchOptions: chromium,
};

// The back office's desktop (1440×900) in the same Chromium.
const desktop = {
  ...devices['Desktop Chrome'],
  browserName: 'chromium' as const,
  defaultBrowserType: 'chromium' as const,
  viewport: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  launchOptions: chromium,
};

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, '.tmp', 'e2e-results'),
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  // The json reporter writes to PLAYWRIGHT_JSON_OUTPUT_NAME, which `npm test` reads for its totals.
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The member app's service worker would answer the app's files and navigations, out of sight of
    // page.route. Journeys run without it; a spec about it opts in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/, use: phone },
    // The README's overview pictures (and the axe tour of the main pages), on the demo studio as
    // seeded: these run before every other journey, so no test's leftovers show in them.
    { name: 'tour', testMatch: [/[\\/]tour[\\/]member-.*\.spec\.ts/, TOUR_PHONE], dependencies: ['setup'], use: phone },
    { name: 'tour-admin', testMatch: /[\\/]tour[\\/]admin-.*\.spec\.ts/, use: desktop },
    {
      name: 'phone',
      testIgnore: [/.*\.setup\.ts/, /[\\/]admin[\\/]/, /[\\/]tour[\\/]/, TOUR_PHONE],
      dependencies: ['setup', 'tour', 'tour-admin'],
      use: phone,
    },
    {
      name: 'admin',
      testMatch: /[\\/]admin[\\/].*\.spec\.ts/,
      dependencies: ['tour', 'tour-admin'],
      use: desktop,
    },
  ],
  webServer: [
    {
      // Twilio's Messages API, faked locally: the server's real SMS adapter sends codes here.
      command: `node e2e/support/fake-twilio.mjs ${SMS_PORT} ${TWILIO_SID}`,
      cwd: root,
      url: `http://127.0.0.1:${SMS_PORT}/healthz`,
      reuseExistingServer: !isCI,
      timeout: 30_000,
    },
    {
      // A mail server: the server's real SMTP transport delivers codes and notices here, where the tests read them.
      command: `node e2e/support/fake-smtp.mjs ${MAIL_HTTP_PORT} ${MAIL_SMTP_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
      reuseExistingServer: !isCI,
      timeout: 30_000,
    },
    {
      // The real server, serving the built web app (apps/web/dist), the back office (apps/admin/dist,
      // at /admin/) and the API on one origin.
      command: `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" "${dataDir}" && npx tsx apps/server/src/main.ts`,
      cwd: root,
      url: `${baseURL}/healthz`,
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Every journey registers or logs in through one IP; keep the per-IP auth limit out of the way.
        RATE_LIMIT_AUTH_PER_MIN: '1000',
        // The general per-IP limit (600/min) counts every request, static chunks of the web app too;
        // two workers running the class journeys from one IP go past it and pages load blank (429).
        RATE_LIMIT_PER_MIN: '100000',
        // SMS codes go through the real Twilio adapter to the fake above, where the tests read them.
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO_SID,
        TWILIO_AUTH_TOKEN: 'e2e-auth-token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: `http://127.0.0.1:${SMS_PORT}`,
        // E-mails (codes, notices) go through the real SMTP transport to the mail server above.
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
      },
    },
  ],
});

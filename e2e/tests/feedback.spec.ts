import { deflateSync } from 'node:zlib';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { notificationCalls } from '@studio/contract/notifications';
import { expectAccessible } from '../support/a11y';
import { gotoAdmin, loginAdmin, pageTitle } from '../support/admin';
import { callApi, DEMO, registerMember } from '../support/api';
import { openPage, paths, routeUrl } from '../support/app';
import { adminToken, STUDIO_TZ } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { devices, expect, type Page, test } from '../support/test';

/** A small, whole PNG (a flat square of one colour): what a phone's photo stands in for. */
function png(rgb: [number, number, number], size = 24): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTOS = [
  { name: 'mat.png', mimeType: 'image/png', buffer: png([165, 112, 68]) },
  { name: 'lock.png', mimeType: 'image/png', buffer: png([90, 120, 160]) },
  { name: 'room.png', mimeType: 'image/png', buffer: png([200, 180, 150]) },
];

async function chooseLanguage(page: Page, name: string, heading: string) {
  await openPage(page, paths.language);
  await page.getByRole('radio', { name }).check();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  // The "language switched" toast is gone before the pages are pictured.
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
}

test('a member writes to the studio with 3 photos, staff reply in the back office, and the reply arrives in the conversation and as a notice', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await adminToken(request);
  await callApi(
    request,
    adminMerchantCalls.save,
    {
      service_center: {
        email: 'hello@lotus-yoga.example',
        faq: [
          {
            question: { en: 'Do I need my own mat?', 'zh-Hans': '需要自带瑜伽垫吗？', 'zh-Hant': '需要自備瑜伽墊嗎？' },
            answer: {
              en: 'No: mats, blocks and straps are at the studio.',
              'zh-Hans': '不需要，门店提供瑜伽垫、瑜伽砖和伸展带。',
              'zh-Hant': '不需要，門店提供瑜伽墊、瑜伽磚和伸展帶。',
            },
          },
        ],
      },
    },
    admin,
  );
  const member = await registerMember(request, { prefix: 'fb' });
  await callApi(request, notificationCalls.markAllRead, {}, member.token);
  const message = 'The lock of locker 12 is broken and my mat is stuck inside.';
  const reply = 'Sorry about that! We have opened it: your mat is at the desk.';
  let threadId = '';

  await test.step('Help & contact from the Me page: phone, e-mail, map, hours and the FAQ', async () => {
    await seedSession(page, member);
    await openPage(page, paths.profile);
    await page.getByRole('link', { name: 'Help & contact' }).click();
    await expect(page).toHaveURL(routeUrl(paths.serviceCenter));
    await expect(page.getByRole('link', { name: 'hello@lotus-yoga.example' })).toHaveAttribute(
      'href',
      'mailto:hello@lotus-yoga.example',
    );
    await expect(page.getByRole('link', { name: 'Open map' })).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('table')).toContainText('Monday');
    await page.getByText('Do I need my own mat?').click();
    await expect(page.getByText('No: mats, blocks and straps are at the studio.')).toBeVisible();
    await saveScreenshot(page, 'help-contact');
    await expectAccessible(page, 'help and contact');
  });

  await test.step('Write to us: a category, the message and 3 photos uploaded at once', async () => {
    await page.getByRole('button', { name: 'Write to us' }).click();
    await expect(page).toHaveURL(routeUrl(paths.feedbackWrite));
    await page.getByRole('option', { name: 'Classes' }).click();
    await page.getByLabel('Your message').fill(message);
    await page.getByLabel('Choose photos').setInputFiles(PHOTOS);
    for (const n of [1, 2, 3]) await expect(page.getByRole('img', { name: `Photo ${n}` })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    await saveScreenshot(page, 'feedback-write');
    await expectAccessible(page, 'write to us');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/#\/pages\/service-center\/thread\?_id=/);
    threadId = new URL(page.url().replace('#', '')).searchParams.get('_id') ?? '';
    await expect(page.getByText('Awaiting reply')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Messages' }).getByRole('img')).toHaveCount(3);
  });

  await test.step('the studio replies from the Feedback inbox in the back office', async () => {
    const desk = await browser.newContext({
      ...devices['Desktop Chrome'],
      viewport: { width: 1440, height: 900 },
      baseURL,
      locale: 'en-GB',
      timezoneId: STUDIO_TZ,
    });
    const office = await desk.newPage();
    await loginAdmin(office, DEMO.admin);
    await gotoAdmin(office, `/feedback?thread=${threadId}`);
    await expect(pageTitle(office)).toHaveText('Feedback');
    await expect(office.getByText(message).first()).toBeVisible();
    await expect(office.getByText('Last orders')).toBeVisible();
    await office.getByLabel('Reply to the member').fill(reply);
    await office.getByRole('button', { name: 'Send reply' }).click();
    await expect(office.getByText('Reply sent: the member has been notified')).toBeVisible();
    await expect(office.getByRole('row').filter({ hasText: message }).getByText('Replied')).toBeVisible();
    await expect(office.getByText('Reply sent: the member has been notified')).toBeHidden();
    await saveScreenshot(office, 'admin-feedback-inbox');
    await expectAccessible(office, 'feedback inbox');
    await desk.close();
  });

  await test.step('the reply arrives in the open conversation and as a notice', async () => {
    await expect(page.getByText(reply)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Replied', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'feedback-thread');
    await page.getByLabel('Add a message').fill('Thank you, collected it!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Thank you, collected it!')).toBeVisible();
    await expect(page.getByText('Awaiting reply')).toBeVisible();

    await openPage(page, paths.noticeList);
    const notice = page.getByRole('link', { name: 'The studio replied to your message, unread' });
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(page.getByText(reply.slice(0, 30))).toBeVisible();
    await page.getByRole('button', { name: 'View the conversation' }).click();
    await expect(page).toHaveURL(routeUrl(`${paths.feedbackThread}?_id=${threadId}`));
    await expect(page.getByText('Thank you, collected it!')).toBeVisible();
  });

  await test.step('My messages lists it with its status', async () => {
    await openPage(page, paths.feedbackList);
    const list = page.getByRole('list', { name: 'My messages' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Awaiting reply');
    await saveScreenshot(page, 'feedback-list');
    await expectAccessible(page, 'my messages');
  });

  for (const [locale, name, heading] of [
    ['zh-Hans', '简体中文', '语言'],
    ['zh-Hant', '繁體中文', '語言'],
  ] as const) {
    await test.step(`the pages read in ${name}`, async () => {
      await chooseLanguage(page, name, heading);
      await openPage(page, paths.serviceCenter);
      await expect(page.getByRole('heading', { name: locale === 'zh-Hans' ? '营业时间' : '營業時間' })).toBeVisible();
      await saveScreenshot(page, `help-contact-${locale}`);
      await openPage(page, `${paths.feedbackWrite}`);
      await expect(page.getByRole('button', { name: locale === 'zh-Hans' ? '发送' : '傳送' })).toBeVisible();
      await saveScreenshot(page, `feedback-write-${locale}`);
      await openPage(page, paths.feedbackList);
      await expect(page.getByRole('list').first()).toBeVisible();
      await saveScreenshot(page, `feedback-list-${locale}`);
      await openPage(page, `${paths.feedbackThread}?_id=${threadId}`);
      await expect(page.getByText(reply)).toBeVisible();
      await saveScreenshot(page, `feedback-thread-${locale}`);
    });
  }
});

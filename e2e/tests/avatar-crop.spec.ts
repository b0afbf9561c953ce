import { accountCalls } from '@studio/contract/account';
import { expectAccessible } from '../support/a11y';
import { callApi, type Member, registerMember } from '../support/api';
import { openPage, paths } from '../support/app';
import { STUDIO_TZ } from '../support/classes';
import { saveScreenshot } from '../support/screenshots';
import { seedSession } from '../support/session';
import { type Browser, devices, expect, type Page, test } from '../support/test';

/** A 600×400 PNG drawn in the page: warm bands and a dark circle off centre, so a crop visibly moves it. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 600, 400);
    gradient.addColorStop(0, '#f3d9b1');
    gradient.addColorStop(1, '#a57044');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 600, 400);
    ctx.fillStyle = '#1f1a17';
    ctx.beginPath();
    ctx.arc(420, 170, 90, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function openCropper(page: Page, fileLabel: RegExp) {
  await page.getByLabel(fileLabel).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo(page) });
}

test('a member crops, turns and saves a new avatar', async ({ page, request }) => {
  const member = await registerMember(request, { prefix: 'crop' });
  await seedSession(page, member);
  await openPage(page, paths.settingInfo);

  const sheet = page.getByRole('dialog', { name: 'Crop your photo' });
  await test.step('choosing a photo opens the cropper instead of uploading it as it is', async () => {
    await openCropper(page, /Change avatar/);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('img', { name: 'Preview of your new photo' })).toBeVisible();
  });

  await test.step('drag it, zoom in and give it a quarter turn', async () => {
    const area = sheet.getByRole('region', { name: /Photo to crop/ });
    const box = (await area.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    await sheet.getByRole('slider', { name: 'Zoom' }).fill('1.6');
    await sheet.getByRole('button', { name: 'Turn 90°' }).click();
    await expect(sheet.getByRole('slider', { name: 'Turn' })).toHaveValue('90');
    await expectAccessible(page, 'the avatar cropper');
    await saveScreenshot(page, 'avatar-cropper');
  });

  await test.step('save: the cropped square is uploaded and becomes the avatar on the Me page', async () => {
    await sheet.getByRole('button', { name: 'Use this photo' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText('Avatar updated')).toBeVisible();
    const { userInfo } = await callApi(request, accountCalls.getMyUserInfo, {}, member.token);
    expect(userInfo.avatar).toMatch(/\/uploads\//);
    // What was uploaded is the JPEG the cropper drew, not the 600×400 PNG chosen.
    const image = await request.get(userInfo.avatar!);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    await openPage(page, paths.profile);
    const avatar = page.locator(`img[src="${userInfo.avatar!}"]`).first();
    await expect(avatar).toBeVisible();
    // Square, and zoomed in: at 1.6× the 400 px side of the turned photo frames 250 px (never enlarged).
    const [width, height] = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(width).toBe(height);
    expect(width).toBe(250);
  });
});

/** A phone in `locale` for a fresh member. */
async function phoneIn(browser: Browser, baseURL: string | undefined, locale: string, member: Member): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Pixel 5'],
    viewport: { width: 375, height: 812 },
    baseURL,
    locale,
    timezoneId: STUDIO_TZ,
  });
  const page = await context.newPage();
  await seedSession(page, member);
  return page;
}

test('the cropper in Simplified and Traditional Chinese', async ({ browser, baseURL, request }) => {
  for (const [locale, title, shot] of [
    ['zh-CN', '裁剪照片', 'avatar-cropper-zh-Hans'],
    ['zh-TW', '裁剪照片', 'avatar-cropper-zh-Hant'],
  ] as const) {
    const phone = await phoneIn(browser, baseURL, locale, await registerMember(request, { prefix: 'cropz' }));
    await openPage(phone, paths.settingInfo);
    await openCropper(phone, /更换头像|更換頭像/);
    const sheet = phone.getByRole('dialog', { name: title });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('img')).toBeVisible();
    await saveScreenshot(phone, shot);
    await phone.context().close();
  }
});

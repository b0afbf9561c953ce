import { expectAccessible } from '../../support/a11y';
import { chooseOption, gotoAdmin, loginAdmin, pageTitle } from '../../support/admin';
import { drawer } from '../../support/admin-catalog';
import { DEMO, registerMember } from '../../support/api';
import { saveScreenshot } from '../../support/screenshots';
import { expect, type Page, test } from '../../support/test';

/** A 800×500 PNG drawn in the page, a dark disc off centre. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 500;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 800, 500);
    gradient.addColorStop(0, '#f3d9b1');
    gradient.addColorStop(1, '#a57044');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 800, 500);
    ctx.fillStyle = '#1f1a17';
    ctx.beginPath();
    ctx.arc(560, 220, 120, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('a teacher’s photo is cropped to a square (drag, wheel zoom) before it is uploaded', async ({ page, request }) => {
  const member = await registerMember(request, { prefix: 'tphoto' });
  await loginAdmin(page, DEMO.admin);
  await gotoAdmin(page, '/teachers');
  await expect(pageTitle(page)).toHaveText('Teachers');
  await page.getByRole('button', { name: 'New teacher' }).click();
  const form = drawer(page);
  await form.getByRole('combobox', { name: 'Member' }).fill(member.username);
  await chooseOption(page, member.username);

  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'teacher.png', mimeType: 'image/png', buffer: await photo(page) });
  const cropper = page.getByRole('dialog', { name: 'Crop the photo' });
  await expect(cropper).toBeVisible();
  const area = cropper.getByRole('region', { name: /Photo to crop/ });
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  await expect(cropper.getByRole('img', { name: 'Preview of the cropped photo' })).toBeVisible();
  await expectAccessible(page, 'the teacher photo cropper');
  await saveScreenshot(page, 'admin-teacher-photo-cropper');

  await cropper.getByRole('button', { name: 'Use this photo' }).click();
  await expect(cropper).toBeHidden();
  const picture = form.getByRole('img', { name: 'Photo' });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /\/uploads\/.+\.jpe?g$/);
  const [width, height] = await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(width).toBe(height);
});

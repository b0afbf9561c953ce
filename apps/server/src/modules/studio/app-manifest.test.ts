import { adminMerchantCalls } from '@studio/contract/merchant';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_COLOUR, PAGE_BACKGROUND } from '../../platform/email-layout';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { png } from '../account/image-fixtures';
import { saveUpload } from '../account/upload';
import { buildAdmin, type TestMember } from '../schedule/testing';
import { shortNameOf } from './app-manifest';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const save = async (data: Record<string, unknown>) => {
  const res = await t.callRaw(adminMerchantCalls.save.url, data, { token: admin.token });
  expect(res.code).toBe(0);
};

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** The colour of one pixel of a PNG, as #RRGGBB. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[data[at], data[at + 1], data[at + 2]].map((c) => c!.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

describe('the member app’s web manifest', () => {
  it('is valid JSON with what an install needs, from the studio row in its default language', async () => {
    await save({ name: 'Lotus Flow Studio', description: 'Yoga by the river', default_locale: 'en' });
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = res.json<Manifest>();
    expect(manifest).toMatchObject({
      name: 'Lotus Flow Studio',
      short_name: 'Lotus Flow',
      description: 'Yoga by the river',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: PAGE_BACKGROUND,
      background_color: PAGE_BACKGROUND,
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('answers 304 to the ETag it gave, and a new ETag once the studio is renamed', async () => {
    const first = await get('/manifest.webmanifest');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest', { 'if-none-match': etag })).statusCode).toBe(304);

    await save({ name: '静心瑜伽馆', default_locale: 'zh-Hans' });
    const renamed = await get('/manifest.webmanifest', { 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
    expect(renamed.json<Manifest>()).toMatchObject({ name: '静心瑜伽馆', short_name: '静心瑜伽馆', lang: 'zh-Hans' });
    await save({ name: 'Lotus Flow Studio', default_locale: 'en' });
  });

  it('keeps the short name to 12 characters, whole words where it can', () => {
    expect(shortNameOf('Lotus Flow Studio')).toBe('Lotus Flow');
    expect(shortNameOf('Yoga')).toBe('Yoga');
    expect(shortNameOf('Supercalifragilistic Yoga')).toBe('Supercalifra');
    expect([...shortNameOf('北京静心瑜伽普拉提工作室有限公司')]).toHaveLength(12);
  });
});

describe('the home-screen icons', () => {
  it('without a logo: PNGs of the listed sizes, the studio’s initial on the brand colour', async () => {
    await save({ logo: '' });
    for (const [file, size] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['maskable-512.png', 512],
    ] as const) {
      const res = await get(`/icons/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      // Mail apps load icon-192 as the logo of the studio's e-mails, from their own origin.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      // Full bleed: the corner is the brand colour (a maskable icon needs a solid background).
      expect(await pixel(res.rawPayload, 1, 1)).toBe(BRAND_COLOUR);
    }
  });

  it('from the uploaded logo: scaled into the safe zone of a solid maskable icon, and a new ETag', async () => {
    const before = await get('/icons/maskable-512.png');
    const upload = await saveUpload(
      { db: t.app.db, uploads: t.app.deps.uploads },
      admin.id,
      {
        buffer: png(300, 300),
        image: { type: 'png', ext: 'png', mime: 'image/png', width: 300, height: 300 },
        name: 'logo.png',
      },
      t.clock.now(),
    );
    await save({ logo: upload.url });

    const res = await get('/icons/maskable-512.png', { 'if-none-match': String(before.headers.etag) });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(before.headers.etag);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 512, 512, false]);
    // The grey logo in the middle; the page colour around it, outside the safe zone's circle.
    expect(await pixel(res.rawPayload, 256, 256)).toBe('#808080');
    expect(await pixel(res.rawPayload, 20, 20)).toBe(PAGE_BACKGROUND);
    expect(await pixel(res.rawPayload, 256, 40)).toBe(PAGE_BACKGROUND);

    const small = await get('/icons/icon-192.png');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(192);
    expect(await pixel(small.rawPayload, 96, 96)).toBe('#808080');
    expect((await get('/icons/icon-192.png', { 'if-none-match': String(small.headers.etag) })).statusCode).toBe(304);
  });

  it('answers 404 for any other icon name', async () => {
    expect((await get('/icons/icon-1024.png')).statusCode).toBe(404);
    expect((await get('/icons/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accountCalls, UPLOAD_MAX_BYTES, type UploadResult } from '@studio/contract/account';
import { imageVariant } from '@studio/contract/images';
import type { Envelope } from '@studio/contract/protocol';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bilevelPng, encoded, jpeg, PHOTO_SECRETS, phonePhoto, png } from './image-fixtures';
import { uploads } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----studio${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  content: Buffer | string,
  options: { token?: string; filename?: string; field?: string; locale?: string } = {},
) {
  const { payload, contentType } = multipart([
    { name: options.field ?? 'file', filename: options.filename ?? 'photo.png', type: 'image/png', content },
  ]);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (options.token) headers['uni-id-token'] = options.token;
  if (options.locale) headers['vk-locale'] = options.locale;
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers, payload });
  return {
    status: res.statusCode,
    // The upload answer's fields are there when code is 0, as with t.call.
    body: res.json() as Envelope & UploadResult,
  };
}

describe('POST /api/upload', () => {
  it('stores an image under uploads/<yyyy-mm>/ and records it for the member', async () => {
    const member = await t.register();
    const image = png(120, 80);
    const { status, body } = await upload(image, { token: member.vk_uni_token.token, filename: 'me.png' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: 'ok' });
    expect(body.url).toMatch(/^\/uploads\/2026-11\/[0-9a-z]+\.png$/);
    const stored = readFileSync(path.join(t.config.DATA_DIR, body.url!.slice(1)));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });
    const row = await t.app.db.query.uploads.findFirst({ where: eq(uploads.id, body.file_id!) });
    expect(row).toMatchObject({
      userId: member.uid,
      url: body.url,
      name: 'me.png',
      size: stored.length,
      mime: 'image/png',
      width: 120,
      height: 80,
    });
  });

  it('serves the stored image with a long cache', async () => {
    const member = await t.register();
    const image = await encoded('jpeg', 64, 64);
    const { body } = await upload(image, { token: member.vk_uni_token.token, filename: 'x.exe' });
    expect(body.url).toMatch(/\.jpg$/);
    const res = await t.app.inject({ method: 'GET', url: body.url! });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(readFileSync(path.join(t.config.DATA_DIR, body.url!.slice(1))))).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/2026-11/nothing.png' })).statusCode).toBe(404);
  });

  it.each(['gif', 'webp'] as const)('accepts %s', async (ext) => {
    const member = await t.register();
    const { body } = await upload(await encoded(ext, 10, 10), { token: member.vk_uni_token.token });
    expect(body.code).toBe(0);
    expect(body.url!.endsWith(`.${ext}`)).toBe(true);
  });

  it('makes the WebP thumbnail and detail sizes once, never wider than the original', async () => {
    const member = await t.register();
    const { body } = await upload(await encoded('jpeg', 1600, 1200), { token: member.vk_uni_token.token });
    expect(body.code).toBe(0);
    for (const [size, width] of [
      ['thumb', 320],
      ['detail', 960],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: imageVariant(body.url!, size) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width);
    }
    const small = await upload(png(100, 60), { token: member.vk_uni_token.token });
    const thumb = await t.app.inject({ method: 'GET', url: imageVariant(small.body.url!, 'thumb') });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(100);
  });

  it('refuses a file that looks like an image but cannot be decoded, keeping nothing', async () => {
    const member = await t.register();
    const before = await t.app.db.$count(uploads);
    const { body } = await upload(jpeg(64, 64), { token: member.vk_uni_token.token });
    expect(body).toMatchObject({ code: 'INVALID_PARAM', field: 'file', reason: 'unreadable' });
    expect(await t.app.db.$count(uploads)).toBe(before);
  });

  it('judges the type by content, not by name or claimed type', async () => {
    const member = await t.register();
    const { body } = await upload('<html><script>alert(1)</script></html>', {
      token: member.vk_uni_token.token,
      filename: 'evil.png',
    });
    expect(body).toMatchObject({ code: 'FILE_TYPE_INVALID' });
    expect(body.msg).toContain('png, jpeg, webp, gif');
  });

  it('accepts 2 MB and refuses a byte more', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const atLimit = await upload(png(1, 1, UPLOAD_MAX_BYTES), { token });
    expect(atLimit.body.code).toBe(0);
    const over = await upload(png(1, 1, UPLOAD_MAX_BYTES + 1), { token });
    expect(over.body).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(over.body.msg).toContain('2 MB');
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.userId, member.uid));
    expect(rows).toHaveLength(1);
  });

  it('needs a valid token, answered like a logged-in call', async () => {
    const none = await upload(png(1, 1));
    expect(none.body.code).toBe(30204);
    expect(none.body.msg).toContain('token');
    const member = await t.register();
    await t.call(accountCalls.logout, {}, { token: member.vk_uni_token.token });
    expect((await upload(png(1, 1), { token: member.vk_uni_token.token })).body.code).toBe(30202);
  });

  it('refuses a request without a file part', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'uni-id-token': token },
      payload: { file: 'x' },
    });
    expect(json.json()).toMatchObject({ code: 'INVALID_PARAM', field: 'file' });
    const wrongField = await upload(png(1, 1), { token, field: 'image' });
    expect(wrongField.body).toMatchObject({ code: 'INVALID_PARAM', field: 'file' });
  });
});

/** An upload's bytes as served at its url. */
async function served(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Where each format keeps its metadata: none of these may be left in a stored image. */
const METADATA_MARKERS = {
  jpeg: ['Exif\0\0', 'http://ns.adobe.com/xap/1.0/', 'Photoshop 3.0', '8BIM'],
  png: ['eXIf', 'iTXt', 'zTXt', 'tEXt'],
  webp: ['EXIF', 'XMP '],
};

describe('what is stored is the picture, not the file that was sent', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('keeps no EXIF (GPS included), XMP or IPTC of a %s', async (format) => {
    const member = await t.register();
    const photo = await phonePhoto(format, 200, 100);
    const sent = await sharp(photo).metadata();
    expect(sent.exif && sent.xmp, 'the fixture carries metadata').toBeTruthy();
    expect(photo.includes(PHOTO_SECRETS.gps)).toBe(true);

    const { body } = await upload(photo, { token: member.vk_uni_token.token });
    expect(body.code).toBe(0);
    for (const url of [body.url!, imageVariant(body.url!, 'thumb'), imageVariant(body.url!, 'detail')]) {
      const bytes = await served(url);
      const kept = await sharp(bytes).metadata();
      expect(kept.format, url).toBe(url === body.url ? format : 'webp');
      expect([kept.exif, kept.xmp, kept.iptc, kept.orientation], url).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      for (const secret of Object.values(PHOTO_SECRETS)) expect(bytes.includes(secret), `${url} ${secret}`).toBe(false);
    }
    const original = await served(body.url!);
    for (const marker of METADATA_MARKERS[format]) expect(original.includes(marker), marker).toBe(false);
  });

  it.each(['jpeg', 'png', 'webp'] as const)(
    'turns a %s upright by its EXIF orientation, width and height swapped',
    async (format) => {
      const member = await t.register();
      // Stored 200 × 100, red left and blue right, to be shown turned a quarter clockwise: red on top.
      const { body } = await upload(await phonePhoto(format, 200, 100, 6), { token: member.vk_uni_token.token });
      expect(body.code).toBe(0);
      const { data, info } = await sharp(await served(body.url!))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([100, 200]);
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).subarray(0, 3)];
      const [topRed, , topBlue] = at(50, 30);
      const [bottomRed, , bottomBlue] = at(50, 170);
      expect(topRed).toBeGreaterThan(200);
      expect(topBlue).toBeLessThan(60);
      expect(bottomRed).toBeLessThan(60);
      expect(bottomBlue).toBeGreaterThan(200);
      const row = await t.app.db.query.uploads.findFirst({ where: eq(uploads.id, body.file_id!) });
      expect(row).toMatchObject({ width: 100, height: 200 });
    },
  );

  it('keeps a GIF a GIF, every frame of an animation', async () => {
    const member = await t.register();
    const frames = Buffer.alloc(60 * 90 * 3);
    // Three frames, red, black and green (the encoder merges identical ones).
    for (let i = 0; i < 60 * 30 * 3; i += 3) {
      frames[i] = 255;
      frames[60 * 60 * 3 + i + 1] = 255;
    }
    const gif = await sharp(frames, { raw: { width: 60, height: 90, channels: 3, pageHeight: 30 } })
      .gif({ delay: [100, 200, 300] })
      .toBuffer();
    const { body } = await upload(gif, { token: member.vk_uni_token.token });
    expect(body.url).toMatch(/\.gif$/);
    const kept = await sharp(await served(body.url!), { animated: true }).metadata();
    expect(kept).toMatchObject({ format: 'gif', width: 60, pageHeight: 30, pages: 3 });
  });
});

describe('pixel limits', () => {
  it('refuses a 16000 × 16000 PNG of a few KB by its header, six at once, keeping nothing', async () => {
    const member = await t.register();
    const bomb = bilevelPng(16000, 16000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = await t.app.db.$count(uploads);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(bomb, { token: member.vk_uni_token.token })),
    );
    for (const { body } of answers) expect(body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(answers[0]!.body.msg).toContain('40 megapixels');
    expect(await t.app.db.$count(uploads)).toBe(before);
  });

  it("refuses in the member's language", async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const bomb = bilevelPng(8000, 8000);
    expect((await upload(bomb, { token, locale: 'zh-Hans' })).body.msg).toContain('40 百万像素');
    expect((await upload(bomb, { token, locale: 'zh-Hant' })).body.msg).toContain('40 百萬像素');
  });

  it('takes an image just under 40 megapixels and keeps it 2560 px long; refuses one just over', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    // 6324² = 39,992,976 pixels; 6325² = 40,005,625.
    const under = await upload(bilevelPng(6324, 6324), { token });
    expect(under.body.code).toBe(0);
    expect(await sharp(await served(under.body.url!)).metadata()).toMatchObject({ width: 2560, height: 2560 });
    const over = await upload(bilevelPng(6325, 6325), { token });
    expect(over.body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('scales an original over 2560 px down to 2560 on its long side, keeping its aspect', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    for (const [image, width, height] of [
      [await encoded('jpeg', 4000, 3000), 2560, 1920],
      [png(1000, 3000), 853, 2560],
      [await encoded('webp', 2600, 100), 2560, 98],
      [png(2560, 1000), 2560, 1000],
    ] as const) {
      const { body } = await upload(image, { token });
      expect(await sharp(await served(body.url!)).metadata()).toMatchObject({ width, height });
      const row = await t.app.db.query.uploads.findFirst({ where: eq(uploads.id, body.file_id!) });
      expect(row).toMatchObject({ width, height });
    }
  });
});

describe('user/kh/setAvatar', () => {
  it("sets the member's own upload as avatar, also given as an absolute url", async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const { body } = await upload(png(200, 200), { token });
    const res = await t.call(accountCalls.setAvatar, { avatar: body.url }, { token });
    expect(res.userInfo.avatar).toBe(body.url);

    const second = await upload(png(100, 100), { token });
    const absolute = `https://studio.example.com${second.body.url}`;
    const again = await t.call(accountCalls.setAvatar, { avatar: absolute }, { token });
    expect(again.userInfo.avatar).toBe(second.body.url);
    expect(existsSync(path.join(t.config.DATA_DIR, second.body.url!.slice(1)))).toBe(true);
  });

  it("refuses another member's upload and any other url", async () => {
    const owner = await t.register();
    const other = await t.register();
    const { body } = await upload(png(10, 10), { token: owner.vk_uni_token.token });
    for (const avatar of [body.url, 'https://evil.example.com/a.png', '/uploads/2026-11/none.png']) {
      const res = await t.call(accountCalls.setAvatar, { avatar }, { token: other.vk_uni_token.token });
      expect(res, avatar).toMatchObject({ code: 'INVALID_PARAM', field: 'avatar' });
    }
    expect(await t.call(accountCalls.setAvatar, { avatar: '' }, { token: other.vk_uni_token.token })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'avatar',
    });
    expect((await t.call(accountCalls.setAvatar, { avatar: body.url })).code).toBe(30204);
  });
});

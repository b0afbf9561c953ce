import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../modules/account/image-fixtures';
import { uploads } from '../modules/account/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

/*
 * The routes outside the call protocol (allRoutes) get no input schema from it, and no NUL check:
 * text a client sends them that PostgreSQL refuses (a NUL) must be cleaned or refused before it is
 * stored, never answered with a 500. The payment notifications have their own tests
 * (modules/payments/notifications.test.ts).
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).vk_uni_token.token;
});
afterAll(() => t.close());

function uploadNamed(filename: string) {
  const boundary = 'rawroutesboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png(12, 8),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'uni-id-token': token },
    payload,
  });
}

describe('raw routes and text PostgreSQL refuses', () => {
  it('an upload whose file name holds a NUL or another control character is kept under a clean name', async () => {
    for (const [sent, kept] of [
      ['a\u0000b.png', 'a_b.png'],
      ['\u0000', '_'],
      ['tab\u0001.png', 'tab_.png'],
    ]) {
      const answer = await uploadNamed(sent!);
      expect([sent, answer.statusCode]).toEqual([sent, 200]);
      const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, answer.json().file_id));
      expect(row!.name).toBe(kept);
    }
  });

  it('a calendar feed asked for with a NUL or broken escapes in its name is a 404', async () => {
    for (const url of [
      '/api/calendar/%00.ics',
      `/api/calendar/${'a'.repeat(40)}%00.ics`,
      '/api/calendar/%E0%A4%A.ics',
    ]) {
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
  });
});

import { CLIENT_HEADERS } from '@studio/contract/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A second app in the same process, on the same database, with another TOKEN_SECRET: built after
  // the first, it must not replace the first one's signer (nothing of an app lives in module state).
  other = await buildApp(
    { ...t.config, TOKEN_SECRET: 'another-secret-another-secret-another' },
    { clock: t.clock, database: t.database, migrated: true, logger: false },
  );
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const myInfo = async (app: FastifyInstance, token: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/router',
      headers: { [CLIENT_HEADERS.token]: token },
      payload: { url: 'user/kh/getMyUserInfo', data: {} },
    })
  ).json() as { code: number };

it('two apps with different TOKEN_SECRETs in one process do not accept each other’s tokens', async () => {
  const first = await t.register();
  const login = (
    await other.inject({
      method: 'POST',
      url: '/api/router',
      payload: { url: 'user/pub/login', data: { username: first.userInfo.username, password: first.password } },
    })
  ).json() as { code: number; vk_uni_token: { token: string } };
  expect(login.code).toBe(0);
  const second = login.vk_uni_token.token;

  // Each app accepts its own token, and refuses the other's (signed with the other secret).
  expect((await myInfo(t.app, first.vk_uni_token.token)).code).toBe(0);
  expect((await myInfo(other, second)).code).toBe(0);
  expect((await myInfo(other, first.vk_uni_token.token)).code).toBe(30204);
  expect((await myInfo(t.app, second)).code).toBe(30204);
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../testing/redis';
import { createTestApp, type TestApp } from '../testing/test-app';

const hasRedis = await redisAvailable();

const courseOf = (e: { data?: unknown }) => (e.data as { course_name?: string } | undefined)?.course_name;
/** A class notice naming a course of one deployment or the other. */
const notice = (course: string) => ({
  type: 'waitlistSkipped' as const,
  data: { session_id: 's1', course_name: course, starts_at: '2026-01-01T09:00:00.000Z', entry_id: 'w1' },
});

/** A websocket on `app` signed in as a fresh member of `t`; answers the events it receives, in order. */
async function listen(t: TestApp, app: FastifyInstance) {
  const member = await t.register();
  const ws = await app.injectWS('/ws');
  const events: { event?: string; data?: unknown }[] = [];
  const waiting: (() => void)[] = [];
  let confirmed = false;
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.event) events.push(message);
    if (message.url === 'connect' && message.status === 2) confirmed = true;
    for (const wake of waiting.splice(0)) wake();
  });
  const next = () => new Promise<void>((resolve) => waiting.push(resolve));
  ws.send(JSON.stringify({ url: 'connect', channel: 'default', uniIdToken: member.vk_uni_token.token, data: {} }));
  while (!confirmed) await next();
  return {
    events,
    /** Resolves once an event about the class named `course` arrived. */
    async until(course: string) {
      while (!events.some((e) => courseOf(e) === course)) await next();
    },
    close: () => ws.terminate(),
  };
}

/**
 * Two deployments on one Redis: each with its own REDIS_PREFIX sees only its own events and counts
 * its own rate limits. (Another database number would not keep them apart: pub/sub channels ignore it.)
 */
describe.skipIf(!hasRedis)('deployments sharing one Redis', () => {
  let studioA: TestApp;
  let studioB: TestApp;
  beforeAll(async () => {
    const prefix = `test${process.pid}${Date.now().toString(36)}`;
    const config = { RATE_LIMIT_AUTH_PER_MIN: 2 };
    studioA = await createTestApp({ config: { ...config, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${prefix}a` } });
    studioB = await createTestApp({ config: { ...config, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${prefix}b` } });
  });
  afterAll(async () => {
    await studioA?.close();
    await studioB?.close();
  });

  it('delivers an event only to the deployment that published it', async () => {
    const onA = await listen(studioA, studioA.app);
    const onB = await listen(studioB, studioB.app);
    await studioA.app.realtime.broadcast(notice('studio-a-news'));
    // B's own event, published after A's, reaches B after anything of A's would have (one Redis, in order).
    await studioB.app.realtime.broadcast(notice('studio-b-news'));
    await onB.until('studio-b-news');
    await onA.until('studio-a-news');
    expect(onB.events.map(courseOf)).toEqual(['studio-b-news']);
    expect(onA.events.map(courseOf)).toEqual(['studio-a-news']);
    onA.close();
    onB.close();
  });

  it('counts rate limits apart', async () => {
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const from = (t: TestApp) => () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/pub/login',
        remoteAddress: ip,
        payload: { username: 'nobody-here', password: 'Wrong1234' },
      });
    expect((await from(studioA)()).statusCode).toBe(200);
    expect((await from(studioA)()).statusCode).toBe(200);
    expect((await from(studioA)()).statusCode).toBe(429);
    // The same address at the other studio has its own allowance.
    expect((await from(studioB)()).json().code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
  });
});

import { reservationCalls } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock';
import { writeGeneration } from '../../platform/db';
import { redisAvailable, TEST_REDIS_URL } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import * as scheduleService from '../schedule/service';
import { buildAdmin, buildCourse, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';
import * as reservationReads from './read-models';
import { scheduleCache, stampBatches } from './schedule-cache';

/** A call on one instance (each instance its own server, as behind a load balancer). */
async function callOn<T>(app: FastifyInstance, url: string, data: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['uni-id-token'] = token;
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: data as object });
  const body = res.json() as { code: number | string } & T;
  return body;
}

// Runs once on the configured database (PGlite, or PostgreSQL with TEST_DATABASE_URL), and again
// with Redis when it answers: the cache must not depend on either.
const redis = await redisAvailable();
describe.each([
  { name: 'one database, two instances', withRedis: false },
  ...(redis ? [{ name: 'two instances sharing Redis', withRedis: true }] : []),
])('the cached schedule: $name', ({ withRedis }) => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let member: TestMember;
  let other: TestMember;
  let admin: TestMember;
  let sessionId: string;
  let courseId: string;
  let range: { date_from: string; date_to: string };

  beforeAll(async () => {
    t = await createTestApp({ config: withRedis ? { REDIS_URL: TEST_REDIS_URL } : {} });
    a = t.app;
    b = await t.anotherInstance();
    admin = await buildAdmin(t);
    member = await buildMember(t);
    other = await buildMember(t);
    await buildPackage(t, member.id);
    await buildPackage(t, other.id);
    const course = await buildCourse(t);
    courseId = course.id;
    const session = await buildSession(t, { capacity: 1, courseId });
    sessionId = session.id;
    await buildSession(t, { startsAt: new Date(session.startsAt.getTime() + 2 * HOUR) });
    const day = session.startsAt.toISOString().slice(0, 10);
    range = { date_from: day, date_to: day };
  });
  afterAll(() => t?.close());

  const read = async (app: FastifyInstance, token?: string) => {
    const res = await callOn<{ rows: SessionRecord[] }>(app, reservationCalls.getSchedule.url, range, token);
    expect(res.code).toBe(0);
    return res.rows;
  };
  const row = async (app: FastifyInstance, token?: string) =>
    (await read(app, token)).find((r) => r._id === sessionId)!;

  it('answers what the uncached read answers, byte for byte, anonymous and per viewer', async () => {
    const uncached = (viewer: string | null) =>
      reservationReads.getSchedule(a.db, range, viewer, t.clock.now()).then((rows) => JSON.stringify(rows));
    expect(JSON.stringify(await read(b))).toBe(await uncached(null));
    expect(JSON.stringify(await read(b, member.token))).toBe(await uncached(member.id));
    // Served from memory the second time.
    const cache = scheduleCache(b.db, () => Promise.reject(new Error('not built here')));
    const hits = cache.stats.hits;
    expect(JSON.stringify(await read(b))).toBe(await uncached(null));
    expect(cache.stats.hits).toBe(hits + 1);
  });

  it('reads no stamp while nothing was written (the embedded database), one per read on PostgreSQL', async () => {
    const cache = scheduleCache(b.db, () => Promise.reject(new Error('not built here')));
    const embedded = writeGeneration(b.db) !== undefined;
    const stampsAfter = async (reads: () => Promise<unknown>) => {
      const before = cache.stats.stamps;
      await reads();
      return cache.stats.stamps - before;
    };
    const readBoth = async () => {
      await read(b, member.token);
      await read(b);
    };
    // Any write, on any instance, and the next reads ask the database again.
    await callOn(a, 'user/kh/updateUser', { nickname: 'Stamp reader' }, other.token);
    expect(await stampsAfter(readBoth)).toBe(2);
    expect(await stampsAfter(readBoth)).toBe(embedded ? 0 : 2);
    expect(await stampsAfter(readBoth)).toBe(embedded ? 0 : 2);
    await callOn(a, 'user/kh/updateUser', { nickname: 'Stamp reader again' }, other.token);
    expect(await stampsAfter(readBoth)).toBe(2);
  });

  it('a booking committed on A shows in the next read on B, with the member as registered', async () => {
    expect((await row(b)).booked_count).toBe(0);
    expect((await row(b, member.token)).my_status).toBe('none');
    const booked = await callOn(a, reservationCalls.book.url, { session_id: sessionId }, member.token);
    expect(booked.code).toBe(0);
    const seen = await row(b);
    expect(seen.booked_count).toBe(1);
    expect(seen.seats_left).toBe(0);
    expect((await row(b, member.token)).my_status).toBe('registered');
    expect((await row(b, other.token)).my_status).toBe('none');
  });

  it('a waitlist join on A shows in the waitlist count and the waiter status on B', async () => {
    const joined = await callOn(a, reservationCalls.joinWaitlist.url, { session_id: sessionId }, other.token);
    expect(joined.code).toBe(0);
    expect((await row(b)).waitlist_count).toBe(1);
    expect((await row(b, other.token)).my_status).toBe('waiting');
  });

  it('a cancellation on A, with its promotion from the waitlist, shows on B', async () => {
    const mine = await callOn<{ rows: { _id: string }[] }>(
      a,
      reservationCalls.getMyReservations.url,
      { pageIndex: 1, pageSize: 10 },
      member.token,
    );
    const reservationId = mine.rows[0]!._id;
    const cancelled = await callOn(
      a,
      reservationCalls.cancelBooking.url,
      { reservation_id: reservationId },
      member.token,
    );
    expect(cancelled.code).toBe(0);
    const seen = await row(b);
    // The freed seat went to the waiting member in the same transaction.
    expect(seen.booked_count).toBe(1);
    expect(seen.waitlist_count).toBe(0);
    expect((await row(b, member.token)).my_status).toBe('none');
    expect((await row(b, other.token)).my_status).toBe('registered');
  });

  it('a capacity change, a renamed course and a session called off on A show on B', async () => {
    await a.db.transaction((tx) => scheduleService.setSessionCapacity(tx, sessionId, 5, t.clock.now()));
    expect((await row(b)).seats_left).toBe(4);
    await callOn(
      a,
      'admin/course.save',
      { _id: courseId, name: 'Renamed flow', description: '', duration_min: 60, default_capacity: 20, level: 'all' },
      admin.token,
    );
    expect((await row(b)).course_name).toBe('Renamed flow');
    const off = await callOn(a, 'admin/session.cancel', { _id: sessionId, reason: 'teacher ill' }, admin.token);
    expect(off.code).toBe(0);
    const seen = await row(b);
    expect(seen.status).toBe('cancelled');
    expect(seen.booked_count).toBe(0);
  });

  it('a waitlist count ends when the class starts, without any write', async () => {
    const full = await buildSession(t, { capacity: 1, startsAt: new Date(t.clock.now().getTime() + 72 * HOUR + HOUR) });
    const booker = await buildMember(t);
    await buildPackage(t, booker.id);
    expect((await callOn(a, reservationCalls.book.url, { session_id: full.id }, booker.token)).code).toBe(0);
    expect((await callOn(a, reservationCalls.joinWaitlist.url, { session_id: full.id }, member.token)).code).toBe(0);
    const count = async () => (await read(b)).find((r) => r._id === full.id)!.waitlist_count;
    expect(await count()).toBe(1);
    t.clock.set(new Date(full.startsAt.getTime() + 60_000));
    expect(await count()).toBe(0);
  });
});

describe('stamps read in batches', () => {
  /** A stamp reader whose statements the test finishes one by one. */
  function controlled() {
    const started: { viewers: string[]; now: number; finish(): void }[] = [];
    const read = stampBatches(
      (q) =>
        new Promise<string>((resolve) => {
          const n = started.length + 1;
          started.push({ viewers: q.viewers, now: q.now.getTime(), finish: () => resolve(`stamp ${n}`) });
        }),
    );
    return { started, read };
  }
  const from = new Date('2026-11-23T00:00:00Z');
  const to = new Date('2026-11-30T00:00:00Z');
  const at = (ms: number) => new Date(from.getTime() + ms);

  it('reads arriving while a statement runs wait for the next one, which they share', async () => {
    const { started, read } = controlled();
    const first = read(from, to, at(0), 'a');
    expect(started).toHaveLength(1);
    // Arrived after the first statement started: it may predate a change they must see.
    const second = read(from, to, at(2), 'b');
    const anonymous = read(from, to, at(1), null);
    const third = read(from, to, at(1), 'c');
    expect(started).toHaveLength(1);
    started[0]!.finish();
    expect(await first).toBe('stamp 1');
    expect(started).toHaveLength(2);
    expect(started[1]).toMatchObject({ viewers: ['b', 'c'], now: at(2).getTime() });
    started[1]!.finish();
    expect(await Promise.all([second, anonymous, third])).toEqual(['stamp 2', 'stamp 2', 'stamp 2']);
    // Idle again: the next read starts its own statement at once.
    const later = read(from, to, at(3), 'd');
    expect(started).toHaveLength(3);
    started[2]!.finish();
    expect(await later).toBe('stamp 3');
  });

  it('keeps one lane per range', async () => {
    const { started, read } = controlled();
    const week = read(from, to, at(0), 'a');
    const otherWeek = read(to, new Date(to.getTime() + 7 * 24 * HOUR), at(0), 'a');
    expect(started).toHaveLength(2);
    for (const s of started) s.finish();
    expect(await Promise.all([week, otherWeek])).toEqual(['stamp 1', 'stamp 2']);
  });
});

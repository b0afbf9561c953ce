// Races run as races: many calls fired at once through app.inject, the invariants checked after.
// On PGlite the driver serialises transactions; on PostgreSQL (TEST_DATABASE_URL) they really
// race, also across two server instances sharing the database.
import type { Envelope } from '@studio/contract/protocol';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { DAY } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { memberPackages } from '../packages/schema';
import { findPackage } from '../packages/service';
import { classSessions } from '../schedule/schema';
import { findSession } from '../schedule/service';
import { buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';
import { reservations, waitlistEntries } from './schema';
import { sweepEndedReservations } from './sweeps';

let t: TestApp;
/** A second server instance on the same database (PostgreSQL only). */
let second: FastifyInstance | null = null;
const START = '2026-11-22T09:00:00.000Z';
/** Hundreds of members are built per test; generous on a busy machine. */
const SLOW = 180_000;

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.DATABASE_URL) {
    second = await buildApp(t.config, { clock: t.clock, migrated: true, logger: false });
    await second.ready();
  }
});
afterAll(async () => {
  await second?.close();
  await t.close();
});
beforeEach(() => t.clock.set(START));

async function callOn(app: FastifyInstance, url: string, data: unknown, token: string): Promise<Envelope> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/router',
    headers: { 'content-type': 'application/json', 'uni-id-token': token },
    payload: { url, data },
  });
  return res.json();
}

const call = (url: string, data: unknown, m: TestMember, app: FastifyInstance = t.app) =>
  callOn(app, url, data, m.token);

async function membersWithCredits(n: number, credits = 5) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const m = await buildMember(t);
      const pkg = await buildPackage(t, m.id, { classCount: credits });
      return { ...m, packageId: pkg.id };
    }),
  );
}

function codes(results: Envelope[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) out[String(r.code)] = (out[String(r.code)] ?? 0) + 1;
  return out;
}

async function activeReservations(sessionId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), ne(reservations.status, 'cancelled')));
  return row!.n;
}

async function creditsConsumed(packageIds: string[]): Promise<number> {
  let used = 0;
  for (const id of packageIds) {
    const p = (await findPackage(t.app.db, id))!;
    used += p.totalCount - p.remainingCount;
  }
  return used;
}

describe('booking races', () => {
  it(
    '300 members racing for 20 seats: exactly 20 booked, the rest COURSE_FULL, 20 credits spent',
    async () => {
      const members = await membersWithCredits(300);
      const session = await buildSession(t, { capacity: 20 });
      const results = await Promise.all(members.map((m) => call('client/course.book', { session_id: session.id }, m)));
      expect(codes(results)).toEqual({ 0: 20, COURSE_FULL: 280 });
      expect(await activeReservations(session.id)).toBe(20);
      expect((await findSession(t.app.db, session.id))!.bookedCount).toBe(20);
      expect(await creditsConsumed(members.map((m) => m.packageId))).toBe(20);
    },
    SLOW,
  );

  it(
    'one member with 3 credits booking 20 sessions at once: exactly 3 bookings',
    async () => {
      const [m] = await membersWithCredits(1, 3);
      const sessions = await Promise.all(Array.from({ length: 20 }, () => buildSession(t, { capacity: 5 })));
      const results = await Promise.all(sessions.map((s) => call('client/course.book', { session_id: s.id }, m!)));
      expect(codes(results)).toEqual({ 0: 3, PACKAGE_INVALID: 17 });
      const pkg = (await findPackage(t.app.db, m!.packageId))!;
      expect(pkg.remainingCount).toBe(0);
      const booked = await Promise.all(sessions.map((s) => activeReservations(s.id)));
      expect(booked.reduce((a, b) => a + b, 0)).toBe(3);
    },
    SLOW,
  );

  it(
    'one member booking the same session 20 times at once: exactly one booking, one credit',
    async () => {
      const [m] = await membersWithCredits(1, 10);
      const session = await buildSession(t, { capacity: 5 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => call('client/course.book', { session_id: session.id }, m!)),
      );
      expect(codes(results)).toEqual({ 0: 1, ALREADY_BOOKED: 19 });
      expect(await activeReservations(session.id)).toBe(1);
      expect((await findPackage(t.app.db, m!.packageId))!.remainingCount).toBe(9);
    },
    SLOW,
  );

  it(
    'the same member joining one waitlist 20 times at once: one entry',
    async () => {
      const holders = await membersWithCredits(1);
      const session = await buildSession(t, { capacity: 1 });
      await call('client/course.book', { session_id: session.id }, holders[0]!);
      const [m] = await membersWithCredits(1);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => call('client/course.joinWaitlist', { session_id: session.id }, m!)),
      );
      expect(codes(results)).toEqual({ 0: 1, ALREADY_WAITLISTED: 19 });
    },
    SLOW,
  );
});

describe('promotion races', () => {
  it(
    'concurrent cancels and joins never overfill and never skip an eligible earlier waiter',
    async () => {
      const capacity = 10;
      const session = await buildSession(t, { capacity });
      const holders = await membersWithCredits(capacity);
      for (const h of holders) expect((await call('client/course.book', { session_id: session.id }, h)).code).toBe(0);
      const holderReservations = await t.app.db
        .select({ id: reservations.id, userId: reservations.userId })
        .from(reservations)
        .where(eq(reservations.sessionId, session.id));

      // Eight waiters in a known order; the 2nd and 5th lose their package before any seat frees.
      const waiters = await membersWithCredits(8, 1);
      for (const w of waiters)
        expect((await call('client/course.joinWaitlist', { session_id: session.id }, w)).code).toBe(0);
      for (const i of [1, 4]) {
        await t.app.db
          .update(memberPackages)
          .set({ remainingCount: 0 })
          .where(eq(memberPackages.id, waiters[i]!.packageId));
      }

      const latecomers = await membersWithCredits(10, 1);
      const cancels = holderReservations
        .slice(0, 6)
        .map((r) =>
          call('client/course.cancelBooking', { reservation_id: r.id }, holders.find((h) => h.id === r.userId)!),
        );
      const joins = latecomers.map((m, i) =>
        call('client/course.joinWaitlist', { session_id: session.id }, m, i % 2 && second ? second : t.app),
      );
      const results = await Promise.all([...cancels, ...joins]);
      expect(results.slice(0, 6).every((r) => r.code === 0)).toBe(true);
      for (const r of results.slice(6)) expect([0, 'WAITLIST_NOT_NEEDED', 'PACKAGE_INVALID']).toContain(r.code);

      const row = (await findSession(t.app.db, session.id))!;
      expect(row.bookedCount).toBeLessThanOrEqual(capacity);
      expect(await activeReservations(session.id)).toBe(row.bookedCount);
      // Six seats freed, six eligible early waiters: the 1st, 3rd, 4th, 6th, 7th and 8th, in that order.
      expect(row.bookedCount).toBe(capacity);

      const entries = await t.app.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.sessionId, session.id))
        .orderBy(waitlistEntries.seq);
      const statusOf = (userId: string) => entries.find((e) => e.userId === userId)!.status;
      expect(waiters.map((w) => statusOf(w.id))).toEqual([
        'completed',
        'waiting',
        'completed',
        'completed',
        'waiting',
        'completed',
        'completed',
        'completed',
      ]);
      // Nobody who joined during the race got ahead of them.
      for (const m of latecomers)
        expect(['waiting', undefined]).toContain(entries.find((e) => e.userId === m.id)?.status);
      // Invariant over the whole list: a completed entry never has an eligible waiter ahead of it.
      const lastCompleted = entries.findLastIndex((e) => e.status === 'completed');
      for (const e of entries.slice(0, lastCompleted)) {
        if (e.status === 'waiting') expect([waiters[1]!.id, waiters[4]!.id]).toContain(e.userId);
      }
    },
    SLOW,
  );

  it(
    'two members promoting each other at once (a lock cycle on PostgreSQL) both succeed',
    async () => {
      const pairs = 5;
      const jobs: Promise<Envelope>[] = [];
      const checks: (() => Promise<void>)[] = [];
      for (let i = 0; i < pairs; i++) {
        const [a, b] = await membersWithCredits(2, 3);
        const s1 = await buildSession(t, { capacity: 1 });
        const s2 = await buildSession(t, { capacity: 1 });
        const r1 = await call('client/course.book', { session_id: s1.id }, a!);
        const r2 = await call('client/course.book', { session_id: s2.id }, b!);
        await call('client/course.joinWaitlist', { session_id: s2.id }, a!);
        await call('client/course.joinWaitlist', { session_id: s1.id }, b!);
        const id1 = (r1.reservation as { _id: string })._id;
        const id2 = (r2.reservation as { _id: string })._id;
        jobs.push(call('client/course.cancelBooking', { reservation_id: id1 }, a!));
        jobs.push(call('client/course.cancelBooking', { reservation_id: id2 }, b!, second ?? t.app));
        checks.push(async () => {
          // Each took the other's seat, each package spent exactly one credit.
          expect((await findSession(t.app.db, s1.id))!.bookedCount).toBe(1);
          expect((await findSession(t.app.db, s2.id))!.bookedCount).toBe(1);
          expect(await creditsConsumed([a!.packageId, b!.packageId])).toBe(2);
        });
      }
      const results = await Promise.all(jobs);
      expect(codes(results)).toEqual({ 0: pairs * 2 });
      for (const check of checks) await check();
    },
    SLOW,
  );
});

describe('two server instances (PostgreSQL)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'share the seat invariant: 200 members over two instances, 15 seats',
    async () => {
      const members = await membersWithCredits(200);
      const session = await buildSession(t, { capacity: 15 });
      const results = await Promise.all(
        members.map((m, i) => call('client/course.book', { session_id: session.id }, m, i % 2 ? second! : t.app)),
      );
      expect(codes(results)).toEqual({ 0: 15, COURSE_FULL: 185 });
      expect(await activeReservations(session.id)).toBe(15);
      expect(await creditsConsumed(members.map((m) => m.packageId))).toBe(15);
    },
    SLOW,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sweep each row once when both instances sweep at the same time',
    async () => {
      const members = await membersWithCredits(60);
      const sessions = await Promise.all(Array.from({ length: 3 }, () => buildSession(t, { capacity: 20 })));
      await Promise.all(members.map((m, i) => call('client/course.book', { session_id: sessions[i % 3]!.id }, m)));
      const later = new Date(Date.parse(START) + 10 * DAY);
      const dueBefore = async () => {
        const [row] = await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(reservations)
          .innerJoin(classSessions, eq(classSessions.id, reservations.sessionId))
          .where(
            and(
              eq(reservations.status, 'registered'),
              sql`${classSessions.endsAt} <= ${later.toISOString()}::timestamptz`,
            ),
          );
        return row!.n;
      };
      const due = await dueBefore();
      expect(due).toBeGreaterThanOrEqual(60);
      const counts = await Promise.all([
        sweepEndedReservations(t.app.db, later),
        sweepEndedReservations(second!.db, later),
        sweepEndedReservations(t.app.db, later),
      ]);
      // Every due row changed exactly once, whichever instance claimed it.
      expect(counts.reduce((a, b) => a + b, 0)).toBe(due);
      expect(await dueBefore()).toBe(0);
    },
    SLOW,
  );
});

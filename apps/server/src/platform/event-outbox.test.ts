import { spawn } from 'node:child_process';
import path from 'node:path';
import { reservationCalls } from '@studio/contract/reservations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberNotifications } from '../modules/notifications/schema';
import { buildMember, buildPackage, buildSession } from '../modules/schedule/testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createEventOutbox, type EventOutbox, FIRST_SWEEP_AFTER_MS } from './event-outbox';
import { eventOutbox } from './event-outbox-schema';
import { afterCommit, eventRegistry, inTransaction, replaceSubscribersForTest } from './events';
import { newId } from './ids';
import { runUnitOfWork } from './unit-of-work';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOfEvent = (eventId: string) => t.app.db.select().from(eventOutbox).where(eq(eventOutbox.eventId, eventId));
const noticesOf = (userId: string) =>
  t.app.db.select().from(memberNotifications).where(eq(memberNotifications.userId, userId));

/** A class event for member `userId`, as the reservations module emits it. */
const promoted = (userId: string) => ({
  session_id: newId(),
  course_name: 'Yin Yoga',
  starts_at: '2026-12-03T18:00:00.000Z',
  user_id: userId,
  reservation_id: newId(),
});

/** An outbox over the test app's database whose immediate delivery never happens: the process "died" after commit. */
const deadAfterCommit: EventOutbox = {
  deliverNow: async () => {
    throw new Error('the process died after commit');
  },
  sweeps: [],
};

/** Emits a waitlist promotion for `userId` (the outbox may die after commit); answers the event's id. */
async function emitPromotion(userId: string, events?: EventOutbox): Promise<string> {
  await runUnitOfWork({ db: t.app.db, deps: { events } }, (work) =>
    work.emit('waitlist.promoted', promoted(userId), t.clock.now()),
  ).catch((err: Error) => {
    if (err.message !== 'the process died after commit') throw err;
  });
  return (await eventOf(userId))!.eventId;
}

/** The outbox row of the event about member `userId`. */
const eventOf = async (userId: string) =>
  (await t.app.db.select().from(eventOutbox)).find((r) => (r.payload as { user_id?: string }).user_id === userId);

const sweepOf = (outbox: EventOutbox) => outbox.sweeps.find((s) => s.name === 'outbox.deliver')!;

describe('event outbox', () => {
  it('a waitlist promotion emits its event with the change; the notice is stored and pushed right after commit', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const holder = await buildMember(t);
    await buildPackage(t, holder.id, { classCount: 5 });
    const waiting = await buildMember(t);
    await buildPackage(t, waiting.id, { classCount: 5 });
    const booked = await t.call(reservationCalls.book, { session_id: session.id }, { token: holder.token });
    await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: waiting.token });

    const pushed: unknown[] = [];
    const original = t.app.realtime.notifyUser;
    t.app.realtime.notifyUser = async (userId, event) => {
      pushed.push({ userId, event });
    };
    try {
      const res = await t.call(
        reservationCalls.cancelBooking,
        { reservation_id: booked.reservation._id },
        { token: holder.token },
      );
      expect(res.code).toBe(0);
    } finally {
      t.app.realtime.notifyUser = original;
    }
    const [notice] = await noticesOf(waiting.id);
    expect(notice).toMatchObject({
      type: 'waitlistPromoted',
      data: expect.objectContaining({ session_id: session.id }),
    });
    const [row] = await rowsOfEvent(notice!.sourceId!);
    expect(row).toMatchObject({ name: 'waitlist.promoted', subscriber: 'notices.waitlistPromoted', attempts: 0 });
    expect(row!.deliveredAt).not.toBeNull();
    // Pushed with the notice's id: a client that gets it twice ignores the repeat.
    expect(pushed).toEqual([
      {
        userId: waiting.id,
        event: { type: 'waitlistPromoted', id: notice!.id, data: expect.objectContaining({ session_id: session.id }) },
      },
    ]);
  });

  it('a crash between commit and delivery loses nothing: the sweep delivers the notice, once', async () => {
    const member = await buildMember(t);
    const eventId = await emitPromotion(member.id, deadAfterCommit);
    // Committed: the event is in the outbox, undelivered, and no notice exists yet.
    expect(await rowsOfEvent(eventId)).toEqual([expect.objectContaining({ deliveredAt: null, attempts: 0 })]);
    expect(await noticesOf(member.id)).toEqual([]);

    // Not yet due: the sweep leaves fresh rows to the immediate delivery.
    const sweep = sweepOf(t.app.deps.events);
    expect(await sweep.run(t.app.db, t.clock.now())).toBe(0);
    t.clock.advance(FIRST_SWEEP_AFTER_MS);
    expect(await sweep.run(t.app.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(member.id)).toEqual([
      expect.objectContaining({ type: 'waitlistPromoted', sourceId: eventId }),
    ]);
    expect((await rowsOfEvent(eventId))[0]!.deliveredAt).not.toBeNull();

    // Delivered again (a sweeper that died after the subscriber ran, before marking the row): still one notice.
    await t.app.db
      .update(eventOutbox)
      .set({ deliveredAt: null, nextAttemptAt: t.clock.now() })
      .where(eq(eventOutbox.eventId, eventId));
    expect(await sweep.run(t.app.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(member.id)).toHaveLength(1);
  });

  it('two instances sweeping one outbox at once deliver each event once', async () => {
    const second = await t.anotherInstance();
    const members = await Promise.all(Array.from({ length: 12 }, () => buildMember(t)));
    for (const m of members) await emitPromotion(m.id, deadAfterCommit);
    t.clock.advance(FIRST_SWEEP_AFTER_MS);
    const now = t.clock.now();
    const delivered: string[] = [];
    let secondSweep: Promise<number> | undefined;
    const restore = replaceSubscribersForTest([
      afterCommit('waitlist.promoted', 'notices.waitlistPromoted', async (_ctx, e) => {
        delivered.push(e.id);
        // While this instance is delivering its first row, the other instance's sweeper runs in full.
        secondSweep ??= sweepOf(second.deps.events).run(second.db, now);
        await secondSweep;
      }),
    ]);
    try {
      await Promise.all([
        sweepOf(t.app.deps.events).run(t.app.db, now),
        sweepOf(second.deps.events).run(second.db, now),
      ]);
    } finally {
      restore();
    }
    // Every member's event was delivered, none twice.
    const ids = await Promise.all(members.map(async (m) => (await eventOf(m.id))!.eventId));
    expect(delivered.toSorted()).toEqual(ids.toSorted());
  });

  it('a failing subscriber is retried with backoff until it succeeds; the others of the event are not run again', async () => {
    const ran: string[] = [];
    let down = true;
    const restore = replaceSubscribersForTest([
      afterCommit('member.registered', 'test.mail', async (_ctx, e) => {
        if (down) throw new Error('mail server down');
        ran.push(`mail ${e.payload.user_id}`);
      }),
      afterCommit('member.registered', 'test.push', async (_ctx, e) => {
        ran.push(`push ${e.payload.user_id}`);
      }),
    ]);
    try {
      const outbox = createEventOutbox({ db: t.app.db, clock: t.clock, context: () => ({}) as never });
      const userId = newId();
      await runUnitOfWork({ db: t.app.db, deps: { events: outbox } }, (work) =>
        work.emit('member.registered', { user_id: userId }, t.clock.now()),
      );
      expect(ran).toEqual([`push ${userId}`]);
      const rows = await t.app.db.select().from(eventOutbox).where(eq(eventOutbox.subscriber, 'test.mail'));
      const mine = rows.find((r) => (r.payload as { user_id: string }).user_id === userId)!;
      expect(mine).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'mail server down' });

      const sweep = sweepOf(outbox);
      t.clock.advance(FIRST_SWEEP_AFTER_MS);
      await sweep.run(t.app.db, t.clock.now()); // still down: counted, due later
      const [again] = await t.app.db.select().from(eventOutbox).where(eq(eventOutbox.id, mine.id));
      expect(again).toMatchObject({ attempts: 2, deliveredAt: null });
      expect(again!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

      down = false;
      t.clock.advance(2 * FIRST_SWEEP_AFTER_MS); // the back-off doubles
      await sweep.run(t.app.db, t.clock.now());
      expect(ran).toEqual([`push ${userId}`, `mail ${userId}`]);
      t.clock.advance(FIRST_SWEEP_AFTER_MS * 100);
      await sweep.run(t.app.db, t.clock.now());
      expect(ran).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it('in-transaction subscribers run inside the change: their failure rolls it back, and a rolled-back change leaves no outbox row', async () => {
    const userId = newId();
    const restore = replaceSubscribersForTest([
      inTransaction('member.registered', 'test.invariant', async () => {
        throw new Error('invariant broken');
      }),
      afterCommit('member.registered', 'test.tell', async () => undefined),
    ]);
    try {
      await expect(
        runUnitOfWork({ db: t.app.db, deps: { events: t.app.deps.events } }, async (work) => {
          await work.tx.insert(eventOutbox).values({
            id: `probe:${userId}`,
            eventId: userId,
            subscriber: 'probe',
            name: 'member.registered',
            payload: {},
            createdAt: t.clock.now(),
            nextAttemptAt: t.clock.now(),
          });
          await work.emit('member.registered', { user_id: userId }, t.clock.now());
        }),
      ).rejects.toThrow('invariant broken');
    } finally {
      restore();
    }
    // Neither the change (the probe row) nor the event's outbox row survived.
    const rows = await t.app.db.select().from(eventOutbox);
    expect(rows.filter((r) => r.eventId === userId || (r.payload as { user_id?: string }).user_id === userId)).toEqual(
      [],
    );
  });

  it('the app registers every subscriber once, each on an event of the contract', () => {
    expect(eventRegistry().byName('notices.waitlistPromoted')?.on).toBe('waitlist.promoted');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('event outbox across a real crash (PostgreSQL)', () => {
  it('a process killed (SIGKILL) right after its commit loses no notice: another instance delivers it, once', async () => {
    const member = await buildMember(t);
    const script = path.join(import.meta.dirname, '../testing/crash-after-commit.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, CRASH_DATABASE_URL: t.config.DATABASE_URL!, CRASH_USER_ID: member.id },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => resolve(sig)),
    );
    expect(signal, stderr).toBe('SIGKILL');

    const rows = (await t.app.db.select().from(eventOutbox)).filter(
      (r) => (r.payload as { user_id?: string }).user_id === member.id,
    );
    expect(rows).toEqual([expect.objectContaining({ deliveredAt: null, subscriber: 'notices.waitlistPromoted' })]);
    expect(await noticesOf(member.id)).toEqual([]);

    // Two instances sweep once the row is due: one notice.
    const second = await t.anotherInstance();
    t.clock.set(new Date(rows[0]!.nextAttemptAt.getTime() + 1));
    await Promise.all([
      sweepOf(t.app.deps.events).run(t.app.db, t.clock.now()),
      sweepOf(second.deps.events).run(second.db, t.clock.now()),
    ]);
    expect(await noticesOf(member.id)).toEqual([expect.objectContaining({ type: 'waitlistPromoted' })]);
  }, 60_000);
});

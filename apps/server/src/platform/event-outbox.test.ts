import { reservationCalls } from '@studio/contract/reservations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildPackage, buildSession } from '../modules/schedule/testing';
import { testEvent } from '../testing/events';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { BusMessage } from './bus';
import { newId } from './ids';
import { createPushOutbox, FIRST_SWEEP_AFTER_MS } from './push-outbox';
import { pushOutbox } from './push-outbox-schema';
import { runUnitOfWork } from './unit-of-work';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (userId: string) => t.app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId));

/** An outbox over the test app's database whose bus fails while `down` is set. */
function flakyOutbox() {
  const state = { down: true, sent: [] as BusMessage[] };
  const outbox = createPushOutbox({
    db: t.app.db,
    clock: t.clock,
    publish: async (message) => {
      if (state.down) throw new Error('bus down');
      state.sent.push(message);
    },
  });
  return { state, outbox };
}

describe('push outbox', () => {
  it('a waitlist promotion writes its push to the outbox with the change, and delivers it with its id', async () => {
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
        {
          token: holder.token,
        },
      );
      expect(res.code).toBe(0);
    } finally {
      t.app.realtime.notifyUser = original;
    }
    const [row] = await rowsOf(waiting.id);
    expect(row).toMatchObject({ type: 'waitlistPromoted', attempts: 0 });
    // Delivered right after commit, carrying the outbox row's id (the member's notice id too).
    expect(row!.deliveredAt).not.toBeNull();
    expect(pushed).toEqual([
      {
        userId: waiting.id,
        event: { type: 'waitlistPromoted', id: row!.id, data: expect.objectContaining({ session_id: session.id }) },
      },
    ]);
  });

  it('the sweep delivers what could not be delivered after commit, and retries a failed delivery', async () => {
    const { state, outbox } = flakyOutbox();
    const userId = newId();
    const id = newId();
    await runUnitOfWork({ db: t.app.db, deps: { outbox } }, ({ pushDurable }) =>
      pushDurable(userId, { ...testEvent('order 1'), id }, t.clock.now()),
    );
    // The bus was down right after commit: the row waits, undelivered, the attempt counted.
    expect(state.sent).toEqual([]);
    expect((await rowsOf(userId))[0]).toMatchObject({ id, attempts: 1, deliveredAt: null, lastError: 'bus down' });

    // Not yet due: the sweep leaves fresh rows to the immediate delivery.
    const sweep = outbox.sweeps.find((s) => s.name === 'outbox.deliver')!;
    expect(await sweep.run(t.app.db, t.clock.now())).toBe(0);

    t.clock.advance(FIRST_SWEEP_AFTER_MS);
    expect(await sweep.run(t.app.db, t.clock.now())).toBe(0); // still down: counted, retried later
    const [failed] = await rowsOf(userId);
    expect(failed).toMatchObject({ attempts: 2, deliveredAt: null, lastError: 'bus down' });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    state.down = false;
    t.clock.advance(2 * FIRST_SWEEP_AFTER_MS); // the back-off doubles
    expect(await sweep.run(t.app.db, t.clock.now())).toBe(1);
    expect(state.sent).toEqual([{ userId, event: { ...testEvent('order 1'), id } }]);
    expect((await rowsOf(userId))[0]!.deliveredAt).not.toBeNull();
    // Delivered once: the next sweep has nothing to do.
    t.clock.advance(FIRST_SWEEP_AFTER_MS * 100);
    expect(await sweep.run(t.app.db, t.clock.now())).toBe(0);
    expect(state.sent).toHaveLength(1);
  });

  it('a rolled-back change leaves nothing in the outbox and pushes nothing', async () => {
    const { state, outbox } = flakyOutbox();
    state.down = false;
    const userId = newId();
    const failing = runUnitOfWork({ db: t.app.db, deps: { outbox } }, async ({ pushDurable }) => {
      await pushDurable(userId, { ...testEvent('order 2'), id: newId() }, t.clock.now());
      throw new Error('payment refused');
    });
    await expect(failing).rejects.toThrow('payment refused');
    expect(await rowsOf(userId)).toEqual([]);
    expect(state.sent).toEqual([]);
  });
});

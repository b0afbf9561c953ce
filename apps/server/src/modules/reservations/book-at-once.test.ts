import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock';
import { newId, randomCode } from '../../platform/ids';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findPackage } from '../packages/service';
import { findSession, markSessionCancelled } from '../schedule/service';
import { buildCourse, buildMember, buildPackage, buildSession } from '../schedule/testing';
import { bookAtOnce, findActiveReservation } from './repo';
import { findEntry, insertEntry } from './waitlist-repo';

// The whole booking in one statement (repo.bookAtOnce): it books only when everything allows, and
// when anything refuses it leaves nothing behind (no seat, no credit, no entry changed), so that the
// transaction of seats.ts can book or say why.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function scene(
  o: { capacity?: number; credits?: number; courseIds?: string[]; courseId?: string; goodsId?: string } = {},
) {
  const member = await buildMember(t);
  const session = await buildSession(t, { capacity: o.capacity ?? 5, courseId: o.courseId });
  const pkg = await buildPackage(t, member.id, {
    classCount: o.credits ?? 3,
    courseIds: o.courseIds,
    goodsId: o.goodsId,
  });
  const attempt = (over: { startsAt?: Date; packageId?: string; code?: string } = {}) =>
    bookAtOnce(t.app.db, {
      id: newId(),
      sessionId: session.id,
      userId: member.id,
      packageId: over.packageId,
      code: over.code ?? randomCode(10),
      startsAt: over.startsAt ?? session.startsAt,
      createdAt: t.clock.now(),
    });
  const state = async () => ({
    booked: (await findSession(t.app.db, session.id))!.bookedCount,
    credits: (await findPackage(t.app.db, pkg.id))!.remainingCount,
    reservation: await findActiveReservation(t.app.db, session.id, member.id),
  });
  return { member, session, pkg, attempt, state };
}

describe('a booking in one statement', () => {
  it('takes the seat and one credit, completes the waiting entry and answers the reservation', async () => {
    const s = await scene();
    const entry = await t.app.db.transaction((tx) =>
      insertEntry(tx, {
        id: newId(),
        sessionId: s.session.id,
        userId: s.member.id,
        packageId: null,
        status: 'waiting',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      }),
    );
    const row = await s.attempt();
    expect(row).toMatchObject({
      sessionId: s.session.id,
      userId: s.member.id,
      packageId: s.pkg.id,
      status: 'registered',
    });
    expect(await s.state()).toMatchObject({ booked: 1, credits: 2, reservation: { id: row!.id } });
    expect(await findEntry(t.app.db, entry!.id)).toMatchObject({ status: 'completed', reservationId: row!.id });
  });

  it('pays with the chosen package when it can, and refuses one that is not the member’s', async () => {
    const s = await scene();
    const other = await buildMember(t);
    const theirs = await buildPackage(t, other.id, { classCount: 3 });
    expect(await s.attempt({ packageId: theirs.id })).toBeUndefined();
    expect(await s.state()).toMatchObject({ booked: 0, credits: 3, reservation: undefined });
    expect((await findPackage(t.app.db, theirs.id))!.remainingCount).toBe(3);
    expect(await s.attempt({ packageId: s.pkg.id })).toMatchObject({ packageId: s.pkg.id });
  });

  it('leaves nothing behind without a credit that pays for this course', async () => {
    const otherCourse = await buildCourse(t);
    const s = await scene({ courseIds: [otherCourse.id] });
    expect(await s.attempt()).toBeUndefined();
    expect(await s.state()).toEqual({ booked: 0, credits: 3, reservation: undefined });
  });

  it('takes a credit only from a pass the course accepts, or one staff granted', async () => {
    const course = await buildCourse(t, { acceptedGoodsIds: ['pass-accepted'] });
    const other = await scene({ courseId: course.id, goodsId: 'pass-other' });
    expect(await other.attempt()).toBeUndefined();
    expect(await other.state()).toEqual({ booked: 0, credits: 3, reservation: undefined });
    const accepted = await scene({ courseId: course.id, goodsId: 'pass-accepted' });
    expect(await accepted.attempt()).toMatchObject({ packageId: accepted.pkg.id });
    const granted = await scene({ courseId: course.id });
    expect(await granted.attempt()).toMatchObject({ packageId: granted.pkg.id });
  });

  it('leaves nothing behind when the member already holds a seat (and takes no second credit)', async () => {
    const s = await scene();
    expect(await s.attempt()).toBeDefined();
    expect(await s.attempt()).toBeUndefined();
    expect(await s.state()).toMatchObject({ booked: 1, credits: 2 });
  });

  it('leaves nothing behind when the check-in code is taken', async () => {
    const first = await scene();
    const code = randomCode(10);
    expect(await first.attempt({ code })).toBeDefined();
    const s = await scene();
    expect(await s.attempt({ code })).toBeUndefined();
    expect(await s.state()).toEqual({ booked: 0, credits: 3, reservation: undefined });
  });

  it('takes nothing of a full session, a cancelled one, or one moved since the checks', async () => {
    const full = await scene({ capacity: 1 });
    const taker = await buildMember(t);
    await buildPackage(t, taker.id, { classCount: 1 });
    await bookAtOnce(t.app.db, {
      id: newId(),
      sessionId: full.session.id,
      userId: taker.id,
      packageId: undefined,
      code: randomCode(10),
      startsAt: full.session.startsAt,
      createdAt: t.clock.now(),
    });
    expect(await full.attempt()).toBeUndefined();
    expect(await full.state()).toEqual({ booked: 1, credits: 3, reservation: undefined });

    const moved = await scene();
    expect(await moved.attempt({ startsAt: new Date(moved.session.startsAt.getTime() + HOUR) })).toBeUndefined();
    expect(await moved.state()).toEqual({ booked: 0, credits: 3, reservation: undefined });

    const cancelled = await scene();
    await t.app.db.transaction((tx) => markSessionCancelled(tx, cancelled.session.id, 'test', t.clock.now()));
    expect(await cancelled.attempt()).toBeUndefined();
    expect(await cancelled.state()).toEqual({ booked: 0, credits: 3, reservation: undefined });
  });
});

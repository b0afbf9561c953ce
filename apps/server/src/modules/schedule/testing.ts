// Factories for class-domain tests: rows made through the services (never raw inserts), members
// with a ready token, no password hashing (fast enough to make hundreds for the race tests).
import type { Role } from '@studio/contract/account';
import type { PackageValidityRule } from '@studio/contract/packages';
import { eq } from 'drizzle-orm';
import { HOUR } from '../../platform/clock';
import type { TestApp } from '../../testing/test-app';
import { uniqueName } from '../../testing/test-app';
import { createUser } from '../account/service';
import { issueToken } from '../account/sessions';
import { merchants } from '../merchant/schema';
import { forgetStudioRow, getMerchant } from '../merchant/service';
import { issuePackage } from '../packages/service';
import * as schedule from './service';

export interface TestMember {
  id: string;
  token: string;
}

export async function buildMember(
  t: TestApp,
  overrides: { roles?: Role[]; nickname?: string } = {},
): Promise<TestMember> {
  const now = t.clock.now();
  const username = uniqueName('m');
  const row = await createUser(
    t.app.db,
    { username, nickname: overrides.nickname ?? username, roles: overrides.roles ?? ['member'] },
    now,
  );
  const { token } = await issueToken(t.app, row, now);
  return { id: row.id, token };
}

export const buildAdmin = (t: TestApp) => buildMember(t, { roles: ['member', 'admin'] });

export async function buildTeacher(t: TestApp, overrides: { name?: string } = {}): Promise<TestMember> {
  const member = await buildMember(t, { nickname: overrides.name });
  await schedule.saveTeacher(
    t.app.db,
    { user_id: member.id, introduction: 'Teaches well', name: overrides.name },
    t.clock.now(),
    { _id: 'test-admin', role: ['admin'] },
  );
  return member;
}

export async function buildRoom(t: TestApp, overrides: { capacity?: number; name?: string } = {}) {
  return schedule.saveRoom(
    t.app.db,
    { name: overrides.name ?? uniqueName('Room '), capacity: overrides.capacity ?? 20 },
    t.clock.now(),
  );
}

export async function buildCourse(t: TestApp, overrides: { name?: string; acceptedGoodsIds?: string[] } = {}) {
  return schedule.saveCourse(
    t.app.db,
    {
      name: overrides.name ?? uniqueName('Course '),
      description: '',
      duration_min: 60,
      default_capacity: 20,
      level: 'all',
      accepted_goods_ids: overrides.acceptedGoodsIds,
    },
    t.clock.now(),
  );
}

export interface SessionOverrides {
  /** Default: 3 days from the clock's now. */
  startsAt?: Date;
  durationMin?: number;
  capacity?: number;
  courseId?: string;
  teacherId?: string;
  roomId?: string;
}

/** A scheduled session; builds its course, teacher and room when not given. */
export async function buildSession(t: TestApp, o: SessionOverrides = {}) {
  const startsAt = o.startsAt ?? new Date(t.clock.now().getTime() + 72 * HOUR);
  const endsAt = new Date(startsAt.getTime() + (o.durationMin ?? 60) * 60_000);
  return schedule.createSession(
    t.app.db,
    {
      course_id: o.courseId ?? (await buildCourse(t)).id,
      teacher_id: o.teacherId ?? (await buildTeacher(t)).id,
      room_id: o.roomId ?? (await buildRoom(t, { capacity: o.capacity ?? 20 })).id,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      capacity: o.capacity,
    },
    t.clock.now(),
  );
}

export interface PackageOverrides {
  classCount?: number;
  validity?: PackageValidityRule;
  courseIds?: string[];
  goodsId?: string;
  name?: string;
}

/** A package of credits for a member: by default 10 credits, long-term, every course. */
export async function buildPackage(t: TestApp, userId: string, o: PackageOverrides = {}) {
  return issuePackage(t.app.db, {
    userId,
    name: o.name ?? '10 classes',
    classCount: o.classCount ?? 10,
    validity: o.validity ?? { mode: 'long_term' },
    courseIds: o.courseIds,
    goodsId: o.goodsId,
    source: 'grant',
    now: t.clock.now(),
  });
}

/** Changes studio settings for a test (cancel window, booking window, timezone, token life). */
export async function setMerchant(
  t: TestApp,
  changes: Partial<{ cancelWindowHours: number; bookingWindowDays: number; timezone: string; tokenTtlDays: number }>,
) {
  const row = await getMerchant(t.app.db);
  await t.app.db.update(merchants).set(changes).where(eq(merchants.id, row.id));
  await forgetStudioRow(t.app.deps);
}

import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createUser, findUserByUsername } from '../account';
import { getMerchant } from '../merchant';
import { issuePackage } from '../packages';
import * as schedule from '../schedule';
import { reservations } from './schema';
import { bookSeat } from './seats';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How many days before today the demo's past classes go back. */
export const HISTORY_DAYS = 56;

const REGULARS = [
  'Grace Hall',
  'Henry Shaw',
  'Isla Reid',
  'Jack Moore',
  'Lily Evans',
  'Mason Clark',
  'Nora Price',
  'Oscar Bell',
  'Poppy Ward',
  'Ruby Fox',
  'Sofia Lane',
  'Theo Grant',
  'Uma Patel',
  'Victor Chen',
  'Willow Hart',
  'Zara Khan',
  'Amir Said',
  'Bea Lopez',
  'Chloe Wu',
  'Dan Brooks',
];

/**
 * The weekly timetable of the past: weekday (0 Sunday … 6 Saturday), start, course, teacher (index
 * in TEACHERS), room. Evening and weekend classes fill, mornings less (demandAt).
 */
const SLOTS = [
  { weekday: 0, time: '10:00', course: 'demo-course-yin', teacher: 1, room: 'demo-room-lotus' },
  { weekday: 1, time: '18:30', course: 'demo-course-vinyasa', teacher: 0, room: 'demo-room-lotus' },
  { weekday: 2, time: '07:30', course: 'demo-course-hatha', teacher: 2, room: 'demo-room-willow' },
  { weekday: 2, time: '19:00', course: 'demo-course-power', teacher: 0, room: 'demo-room-lotus' },
  { weekday: 3, time: '12:15', course: 'demo-course-pilates', teacher: 2, room: 'demo-room-willow' },
  { weekday: 4, time: '07:30', course: 'demo-course-vinyasa', teacher: 1, room: 'demo-room-willow' },
  { weekday: 4, time: '18:30', course: 'demo-course-yin', teacher: 1, room: 'demo-room-lotus' },
  { weekday: 5, time: '12:15', course: 'demo-course-hatha', teacher: 2, room: 'demo-room-willow' },
  { weekday: 6, time: '09:00', course: 'demo-course-power', teacher: 0, room: 'demo-room-lotus' },
];
const demandAt = (hour: number, weekday: number) =>
  weekday === 0 || weekday === 6 ? 0.85 : hour >= 18 ? 0.9 : hour >= 12 ? 0.5 : 0.35;
const TEACHERS = ['teacher', 'lena', 'omar'];
const DAY_MS = 86_400_000;

/** A repeatable pseudo-random 0–1 for a seed (the demo is the same on every machine). */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
}

/**
 * The demo studio's past (issue 26: its reports have something to show): regulars who joined over
 * the last two months, and the classes they came to over HISTORY_DAYS days before today, booked
 * the day before, most of them checked in, the rest no-shows; a few regulars stopped coming a month
 * ago (the lapsed list). Evening and weekend classes fill, mornings less: the heat map says so.
 * Runs once, after seedClasses (its rooms, courses and teachers); answers the regulars, or nothing
 * when they are already there.
 */
export async function seedClassHistory(db: Db, now: Date): Promise<{ id: string; joinedAt: Date }[]> {
  return runUnitOfWork({ db }, async ({ tx }) => {
    if (await findUserByUsername(tx, 'regular01')) return [];
    const teacherIds: string[] = [];
    for (const username of TEACHERS) {
      const teacher = await findUserByUsername(tx, username);
      if (!teacher) return [];
      teacherIds.push(teacher.id);
    }
    const merchant = await getMerchant(tx);
    const tz = merchant.timezone;
    const today = dayjs(now).tz(tz).startOf('day');

    // Regulars joined from 62 days ago to a few days ago; each bought (was granted) a pass then.
    const regulars: { id: string; joinedAt: Date; stopsAt: number; credits: number }[] = [];
    // A regular's pass: ten classes for four months, a new one when the last is used up.
    const newPass = async (userId: string, at: Date) =>
      issuePackage(tx, {
        userId,
        name: { en: '10-class pass', 'zh-Hans': '10次课程卡', 'zh-Hant': '10次課程卡' },
        classCount: 10,
        validity: { mode: 'rule', delay_days: 0, valid_days: 120 },
        source: 'grant',
        now: at,
      });
    for (const [i, name] of REGULARS.entries()) {
      const joinedAt = new Date(today.valueOf() - (62 - i * 3) * DAY_MS + 10 * 3_600_000);
      const n = String(i + 1).padStart(2, '0');
      const user = await createUser(
        tx,
        {
          username: `regular${n}`,
          nickname: name,
          email: `regular${n}@example.com`,
          mobile: `+4477009001${n}`,
        },
        joinedAt,
      );
      // Every fifth regular (of those who came early) stopped a little over a month ago: lapsed.
      const stopsAt = i % 5 === 1 && i < 12 ? today.valueOf() - 33 * DAY_MS : Number.POSITIVE_INFINITY;
      await newPass(user.id, joinedAt);
      regulars.push({ id: user.id, joinedAt, stopsAt, credits: 10 });
    }

    // Each slot as a weekly series from HISTORY_DAYS days ago to yesterday, made two weeks ahead.
    const first = today.subtract(HISTORY_DAYS, 'day');
    const sessions = [];
    for (const slot of SLOTS) {
      const day = first.add((slot.weekday - first.day() + 7) % 7, 'day');
      const starts = dayjs.tz(`${day.format('YYYY-MM-DD')} ${slot.time}`, tz);
      const { sessions: made } = await schedule.createSeries(
        tx,
        {
          course_id: slot.course,
          teacher_id: teacherIds[slot.teacher]!,
          room_id: slot.room,
          starts_at: starts.toISOString(),
          ends_at: starts.add(60, 'minute').toISOString(),
          // Small classes: the history stays quick to seed (every test app that seeds the demo runs it).
          capacity: 8,
          weekdays: [slot.weekday],
          until: today.subtract(1, 'day').format('YYYY-MM-DD'),
        },
        new Date(starts.valueOf() - 14 * DAY_MS),
      );
      sessions.push(...made);
    }
    sessions.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

    for (const [n, session] of sessions.entries()) {
      const starts = dayjs(session.startsAt).tz(tz);
      const bookedAt = new Date(starts.valueOf() - DAY_MS);
      const able = regulars.filter((r) => r.joinedAt < bookedAt && r.stopsAt > starts.valueOf());
      const want = Math.min(
        session.capacity,
        able.length,
        Math.round(session.capacity * demandAt(starts.hour(), starts.day()) * (0.75 + noise(n) * 0.4)),
      );
      const chosen = [...able].sort(
        (a, b) => noise(n * 31 + regulars.indexOf(a)) - noise(n * 31 + regulars.indexOf(b)),
      );
      const came: string[] = [];
      for (const [k, r] of chosen.slice(0, want).entries()) {
        if (r.credits === 0) {
          await newPass(r.id, bookedAt);
          r.credits = 10;
        }
        r.credits--;
        const seat = await bookSeat(tx, { sessionId: session.id, userId: r.id, now: bookedAt, merchant });
        // Most come; about one in eight does not (a no-show).
        if (noise(n * 97 + k) > 0.12) came.push(seat.id);
      }
      // Checked in by the teacher as the class began (one statement for the class).
      if (came.length) {
        const at = new Date(starts.valueOf() - 5 * 60_000);
        await tx
          .update(reservations)
          .set({ checkedInAt: at, checkedInBy: session.teacherId, updatedAt: at })
          .where(inArray(reservations.id, came));
      }
    }
    return regulars.map(({ id, joinedAt }) => ({ id, joinedAt }));
  });
}

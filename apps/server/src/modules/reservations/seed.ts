import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Db, Tx } from '../../platform/db';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createUser, findUserByUsername } from '../account/service';
import { getMerchant } from '../merchant/service';
import { issuePackage } from '../packages/service';
import * as schedule from '../schedule/service';
import { bookSeat } from './seats';
import { joinWaitlistTx } from './waitlist';

dayjs.extend(utc);
dayjs.extend(timezone);

const ROOMS = [
  { id: 'demo-room-lotus', name: 'Lotus Room', capacity: 20, address: '12 Willow Lane, ground floor' },
  { id: 'demo-room-willow', name: 'Willow Studio', capacity: 12, address: '12 Willow Lane, first floor' },
  { id: 'demo-room-garden', name: 'Garden Loft', capacity: 8, address: '14 Willow Lane, top floor' },
];

const COURSES = [
  {
    id: 'demo-course-vinyasa',
    name: 'Vinyasa Flow',
    description: 'Breath-led sequences that link strength and balance into a steady, flowing practice.',
    duration: 60,
    level: 'intermediate' as const,
  },
  {
    id: 'demo-course-hatha',
    name: 'Hatha Basics',
    description: 'The foundations: alignment, breathing and held postures at a gentle pace. Ideal for beginners.',
    duration: 60,
    level: 'beginner' as const,
  },
  {
    id: 'demo-course-yin',
    name: 'Yin Yoga',
    description: 'Long, quiet holds that release deep connective tissue. Slow, meditative and restoring.',
    duration: 75,
    level: 'all' as const,
  },
  {
    id: 'demo-course-pilates',
    name: 'Mat Pilates',
    description: 'Core strength, posture and control on the mat, with small props.',
    duration: 55,
    level: 'all' as const,
  },
  {
    id: 'demo-course-power',
    name: 'Power Yoga',
    description: 'A vigorous, athletic class that builds heat, stamina and strength.',
    duration: 60,
    level: 'advanced' as const,
  },
];

const TEACHERS = [
  {
    username: 'teacher',
    introduction: 'Tara has taught vinyasa and yin for ten years and loves a slow, mindful flow.',
    specialties: ['Vinyasa', 'Yin'],
  },
  {
    username: 'lena',
    nickname: 'Lena Park',
    introduction: 'Lena is a former dancer who teaches precise, joyful mat pilates and hatha.',
    specialties: ['Pilates', 'Hatha'],
  },
  {
    username: 'omar',
    nickname: 'Omar Haddad',
    introduction: 'Omar brings athletic energy to power yoga, with options for every body.',
    specialties: ['Power Yoga', 'Vinyasa'],
  },
];

/** Other demo students who fill the full class and its waitlist (no password: nobody logs in as them). */
const STUDENTS = ['Noah', 'Emma', 'Liam', 'Olivia', 'Ava'];

/** Local start times per day; days cycle through 4, 3 and 2 classes. */
const SLOTS = [
  ['07:30', '12:15', '18:00', '19:30'],
  ['09:00', '18:30', '20:00'],
  ['10:00', '18:00'],
];

async function ensureUser(tx: Tx, username: string, nickname: string, now: Date, password?: string) {
  return (
    (await findUserByUsername(tx, username)) ??
    (await createUser(tx, { username, nickname, password: password ?? null, roles: ['member'] }, now))
  );
}

/**
 * The demo studio's classes, relative to `now` in the studio timezone: 3 rooms, 5 courses, 3
 * teachers, 2–4 sessions a day for 14 days, the demo member's two packages and bookings, and one
 * full class with a waitlist. Runs once: a studio that already has the demo rooms is left alone.
 */
export async function seedClasses(db: Db, now: Date, teacherPassword?: string): Promise<void> {
  await runUnitOfWork({ db }, async ({ tx }) => {
    const first = await schedule.insertRoomIfAbsent(tx, { ...ROOMS[0]!, createdAt: now, updatedAt: now });
    if (!first) return;
    const roomRows = [first];
    for (const room of ROOMS.slice(1)) {
      roomRows.push(await schedule.upsertRoom(tx, { ...room, createdAt: now, updatedAt: now }));
    }
    const courseRows = [];
    for (const c of COURSES) {
      courseRows.push(
        await schedule.upsertCourse(tx, {
          id: c.id,
          name: c.name,
          description: c.description,
          coverImage: `/demo/${c.id.replace('demo-course-', '')}.svg`,
          durationMin: c.duration,
          defaultCapacity: 12,
          level: c.level,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }

    const teacherIds: string[] = [];
    for (const t of TEACHERS) {
      const user = await ensureUser(tx, t.username, t.nickname ?? 'Tara Teacher', now, teacherPassword);
      await schedule.saveTeacher(
        tx,
        { user_id: user.id, introduction: t.introduction, specialties: t.specialties, name: t.nickname },
        now,
      );
      teacherIds.push(user.id);
    }

    const merchant = await getMerchant(tx);
    const tz = merchant.timezone;
    const today = dayjs(now).tz(tz).format('YYYY-MM-DD');
    const sessions: schedule.SessionRow[] = [];
    let n = 0;
    for (let day = 0; day < 14; day++) {
      const date = dayjs.tz(today, tz).add(day, 'day').format('YYYY-MM-DD');
      for (const time of SLOTS[day % SLOTS.length]!) {
        const course = courseRows[n % courseRows.length]!;
        const room = roomRows[n % roomRows.length]!;
        const startsAt = dayjs.tz(`${date} ${time}`, tz);
        sessions.push(
          await schedule.createSession(
            tx,
            {
              course_id: course.id,
              teacher_id: teacherIds[n % teacherIds.length]!,
              room_id: room.id,
              starts_at: startsAt.toISOString(),
              ends_at: startsAt.add(course.durationMin, 'minute').toISOString(),
            },
            now,
          ),
        );
        n++;
      }
    }

    const member = await findUserByUsername(tx, 'member');
    if (!member) return;
    await issuePackage(tx, {
      userId: member.id,
      name: '10 Class Pass',
      classCount: 10,
      validity: { mode: 'rule', delay_days: 0, valid_days: 90 },
      source: 'grant',
      now,
    });
    await issuePackage(tx, {
      userId: member.id,
      name: '5 Class Pack (no expiry)',
      classCount: 5,
      validity: { mode: 'long_term' },
      source: 'grant',
      now,
    });

    const upcoming = sessions.filter((s) => s.startsAt.getTime() > now.getTime() + 2 * 3_600_000);
    // Two bookings of the demo member: tomorrow-ish and a few days out.
    for (const s of [upcoming[2], upcoming[8]]) {
      if (s) await bookSeat(tx, { sessionId: s.id, userId: member.id, now, merchant });
    }

    // A small full class (capacity 4) with two waiting, the demo member second in line.
    const full = upcoming[5];
    if (!full) return;
    await schedule.updateSession(tx, full.id, { capacity: 4 });
    const students = [];
    for (const [i, name] of STUDENTS.entries()) {
      const user = await ensureUser(tx, `student${i + 1}`, name, now);
      await issuePackage(tx, {
        userId: user.id,
        name: '5 Class Pack',
        classCount: 5,
        validity: { mode: 'rule', delay_days: 0, valid_days: 60 },
        source: 'grant',
        now,
      });
      students.push(user);
    }
    for (const s of students.slice(0, 4)) await bookSeat(tx, { sessionId: full.id, userId: s.id, now, merchant });
    await joinWaitlistTx(tx, { sessionId: full.id, userId: students[4]!.id, now });
    await joinWaitlistTx(tx, { sessionId: full.id, userId: member.id, now });
  });
}

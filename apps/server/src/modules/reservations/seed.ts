import type { LocalizedText } from '@studio/contract/localized-text';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Db, Tx } from '../../platform/db';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createUser, findUserByUsername } from '../account';
import { getMerchant } from '../merchant';
import { issuePackage } from '../packages';
import * as schedule from '../schedule';
import { bookSeat } from './seats';
import { joinWaitlistTx } from './waitlist';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A demo text in all three languages. */
type Translated = Required<LocalizedText>;

// The demo studio writes in English (its default language) and is translated into Simplified and
// Traditional Chinese: a text's English value goes in its plain column, all three in its *_i18n column.

const ROOMS = [
  {
    id: 'demo-room-lotus',
    name: { en: 'Lotus Room', 'zh-Hans': '莲花教室', 'zh-Hant': '蓮花教室' },
    capacity: 20,
    address: { en: '12 Willow Lane, ground floor', 'zh-Hans': '柳树巷12号一楼', 'zh-Hant': '柳樹巷12號一樓' },
  },
  {
    id: 'demo-room-willow',
    name: { en: 'Willow Studio', 'zh-Hans': '垂柳教室', 'zh-Hant': '垂柳教室' },
    capacity: 12,
    address: { en: '12 Willow Lane, first floor', 'zh-Hans': '柳树巷12号二楼', 'zh-Hant': '柳樹巷12號二樓' },
  },
  {
    id: 'demo-room-garden',
    name: { en: 'Garden Loft', 'zh-Hans': '花园阁楼', 'zh-Hant': '花園閣樓' },
    capacity: 8,
    address: { en: '14 Willow Lane, top floor', 'zh-Hans': '柳树巷14号顶楼', 'zh-Hant': '柳樹巷14號頂樓' },
  },
] satisfies ({ name: Translated; address: Translated } & Record<string, unknown>)[];

const COURSES = [
  {
    id: 'demo-course-vinyasa',
    name: { en: 'Vinyasa Flow', 'zh-Hans': '流瑜伽', 'zh-Hant': '流瑜伽' },
    description: {
      en: 'Breath-led sequences that link strength and balance into a steady, flowing practice.',
      'zh-Hans': '以呼吸引领动作，把力量与平衡串联成稳定而流畅的练习。',
      'zh-Hant': '以呼吸引領動作，把力量與平衡串聯成穩定而流暢的練習。',
    },
    duration: 60,
    level: 'intermediate' as const,
  },
  {
    id: 'demo-course-hatha',
    name: { en: 'Hatha Basics', 'zh-Hans': '哈他瑜伽入门', 'zh-Hant': '哈達瑜伽入門' },
    description: {
      en: 'The foundations: alignment, breathing and held postures at a gentle pace. Ideal for beginners.',
      'zh-Hans': '从基础练起：以舒缓的节奏练习体式对位、呼吸和停留，非常适合初学者。',
      'zh-Hant': '從基礎練起：以舒緩的節奏練習體式對位、呼吸和停留，非常適合初學者。',
    },
    duration: 60,
    level: 'beginner' as const,
  },
  {
    id: 'demo-course-yin',
    name: { en: 'Yin Yoga', 'zh-Hans': '阴瑜伽', 'zh-Hant': '陰瑜伽' },
    description: {
      en: 'Long, quiet holds that release deep connective tissue. Slow, meditative and restoring.',
      'zh-Hans': '长时间安静地停留在体式中，舒展深层结缔组织。节奏缓慢，如冥想般让身心恢复。',
      'zh-Hant': '長時間安靜地停留在體式中，舒展深層結締組織。節奏緩慢，如冥想般讓身心恢復。',
    },
    duration: 75,
    level: 'all' as const,
  },
  {
    id: 'demo-course-pilates',
    name: { en: 'Mat Pilates', 'zh-Hans': '垫上普拉提', 'zh-Hant': '墊上皮拉提斯' },
    description: {
      en: 'Core strength, posture and control on the mat, with small props.',
      'zh-Hans': '借助小器械，在垫上练习核心力量、体态与控制。',
      'zh-Hant': '藉助小道具，在墊上練習核心力量、體態與控制。',
    },
    duration: 55,
    level: 'all' as const,
  },
  {
    id: 'demo-course-power',
    name: { en: 'Power Yoga', 'zh-Hans': '力量瑜伽', 'zh-Hant': '力量瑜伽' },
    description: {
      en: 'A vigorous, athletic class that builds heat, stamina and strength.',
      'zh-Hans': '节奏明快、运动量大的课程，让身体热起来，提升耐力与力量。',
      'zh-Hant': '節奏明快、運動量大的課程，讓身體熱起來，提升耐力與力量。',
    },
    duration: 60,
    level: 'advanced' as const,
  },
] satisfies ({ name: Translated; description: Translated } & Record<string, unknown>)[];

const TEACHERS = [
  {
    username: 'teacher',
    nickname: 'Tara Teacher',
    name: { en: 'Tara Teacher', 'zh-Hans': '塔拉老师', 'zh-Hant': '塔拉老師' },
    introduction: {
      en: 'Tara has taught vinyasa and yin for ten years and loves a slow, mindful flow.',
      'zh-Hans': '塔拉教授流瑜伽和阴瑜伽已有十年，偏爱缓慢而专注的流动练习。',
      'zh-Hant': '塔拉教授流瑜伽和陰瑜伽已有十年，偏愛緩慢而專注的流動練習。',
    },
    specialties: ['Vinyasa', 'Yin'],
  },
  {
    username: 'lena',
    nickname: 'Lena Park',
    name: { en: 'Lena Park', 'zh-Hans': '朴丽娜', 'zh-Hant': '朴麗娜' },
    introduction: {
      en: 'Lena is a former dancer who teaches precise, joyful mat pilates and hatha.',
      'zh-Hans': '丽娜曾是舞者，她教的垫上普拉提和哈他瑜伽精准又充满乐趣。',
      'zh-Hant': '麗娜曾是舞者，她教的墊上皮拉提斯和哈達瑜伽精準又充滿樂趣。',
    },
    specialties: ['Pilates', 'Hatha'],
  },
  {
    username: 'omar',
    nickname: 'Omar Haddad',
    name: { en: 'Omar Haddad', 'zh-Hans': '奥马尔·哈达德', 'zh-Hant': '奧馬爾·哈達德' },
    introduction: {
      en: 'Omar brings athletic energy to power yoga, with options for every body.',
      'zh-Hans': '奥马尔为力量瑜伽注入运动活力，并为不同身体条件的学员准备了调整方案。',
      'zh-Hant': '奧馬爾為力量瑜伽注入運動活力，並為不同身體條件的學員準備了調整方案。',
    },
    specialties: ['Power Yoga', 'Vinyasa'],
  },
] satisfies ({ name: Translated; introduction: Translated } & Record<string, unknown>)[];

/** The demo member's and students' packages. */
const PACKAGE_NAMES = {
  tenClasses: { en: '10 Class Pass', 'zh-Hans': '10次课卡', 'zh-Hant': '10堂課卡' },
  fiveLongTerm: { en: '5 Class Pack (no expiry)', 'zh-Hans': '5次课包（长期有效）', 'zh-Hant': '5堂課包（長期有效）' },
  fiveClasses: { en: '5 Class Pack', 'zh-Hans': '5次课包', 'zh-Hant': '5堂課包' },
} satisfies Record<string, Translated>;

/** Other demo students who fill the full class and its waitlist (no password: nobody logs in as them). */
const STUDENTS = ['Noah', 'Emma', 'Liam', 'Olivia', 'Ava'];

/** Local start times per day; days cycle through 4, 3 and 2 classes. */
const SLOTS = [
  ['07:30', '12:15', '18:00', '19:30'],
  ['09:00', '18:30', '20:00'],
  ['10:00', '18:00'],
];

async function ensureUser(
  tx: Tx,
  username: string,
  nickname: string,
  now: Date,
  login?: { password: string; hashCost: number },
) {
  return (
    (await findUserByUsername(tx, username)) ??
    (await createUser(tx, { username, nickname, ...login, roles: ['member'] }, now))
  );
}

/**
 * The demo studio's classes, relative to `now` in the studio timezone: 3 rooms, 5 courses, 3
 * teachers, 2–4 sessions a day for 14 days, the demo member's two packages and bookings, and one
 * full class with a waitlist. Runs once: a studio that already has the demo rooms is left alone.
 */
export async function seedClasses(
  db: Db,
  now: Date,
  teacherLogin?: { password: string; hashCost: number },
): Promise<void> {
  await runUnitOfWork({ db }, async ({ tx }) => {
    const roomValues = ROOMS.map((room) => ({
      ...room,
      name: room.name.en,
      nameI18n: room.name,
      address: room.address.en,
      addressI18n: room.address,
      createdAt: now,
      updatedAt: now,
    }));
    const first = await schedule.insertRoomIfAbsent(tx, roomValues[0]!);
    if (!first) return;
    const roomRows = [first];
    for (const room of roomValues.slice(1)) roomRows.push(await schedule.upsertRoom(tx, room));
    const courseRows = [];
    for (const c of COURSES) {
      courseRows.push(
        await schedule.upsertCourse(tx, {
          id: c.id,
          name: c.name.en,
          nameI18n: c.name,
          description: c.description.en,
          descriptionI18n: c.description,
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
      const user = await ensureUser(tx, t.username, t.nickname, now, teacherLogin);
      await schedule.saveTeacher(
        tx,
        { user_id: user.id, introduction: t.introduction, specialties: t.specialties, name: t.name },
        now,
        // The demo is set up as the studio's owner would.
        { _id: 'seed', role: ['admin'] },
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
      name: PACKAGE_NAMES.tenClasses,
      classCount: 10,
      validity: { mode: 'rule', delay_days: 0, valid_days: 90 },
      source: 'grant',
      now,
    });
    await issuePackage(tx, {
      userId: member.id,
      name: PACKAGE_NAMES.fiveLongTerm,
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
    await schedule.setSessionCapacity(tx, full.id, 4, now);
    const students = [];
    for (const [i, name] of STUDENTS.entries()) {
      const user = await ensureUser(tx, `student${i + 1}`, name, now);
      await issuePackage(tx, {
        userId: user.id,
        name: PACKAGE_NAMES.fiveClasses,
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

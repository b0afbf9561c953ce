// Studio-authored texts per locale: saved through the admin calls, answered in the caller's
// vk-locale by every read that shows them, falling back to the studio's default language.

import type { LocalizedText } from '@studio/contract/localized-text';
import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { adminPackageCalls, packageCalls } from '@studio/contract/packages';
import type { CallDef, Envelope } from '@studio/contract/protocol';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { adminScheduleCalls, scheduleCalls } from '@studio/contract/schedule';
import { teacherCalls } from '@studio/contract/teacher';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { HOUR } from '../platform/clock';
import { type CallOptions, createTestApp, type TestApp } from '../testing/test-app';
import { buildAdmin, buildMember, buildTeacher, type TestMember } from './schedule/testing';

let t: TestApp;
let admin: TestMember;
let member: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  member = await buildMember(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

/** A call through its contract definition, the answer typed by it (a refusal answers its code instead). */
const call = <C extends CallDef>(def: C, data: unknown, options: CallOptions = {}) =>
  t.callRaw(def.url, data, options) as Promise<Envelope & z.infer<C['output']>>;
const asAdmin = <C extends CallDef>(def: C, data: unknown, locale?: string) =>
  call(def, data, { token: admin.token, locale });
const asMember = <C extends CallDef>(def: C, data: unknown, locale?: string) =>
  call(def, data, { token: member.token, locale });

const VINYASA = { en: 'Morning Vinyasa', 'zh-Hans': '晨间流瑜伽', 'zh-Hant': '晨間流瑜伽' };

async function saveCourse(name: string | LocalizedText, description: string | LocalizedText = '', id?: string) {
  const res = await asAdmin(adminScheduleCalls.saveCourse, {
    ...(id ? { _id: id } : {}),
    name,
    description,
    duration_min: 60,
    default_capacity: 10,
  });
  expect(res.code).toBe(0);
  return res.course;
}

describe('a course named per locale', () => {
  it('answers the caller’s locale, falls back to its other script, then the default language, and answers staff every value', async () => {
    const created = await saveCourse(
      { en: 'Evening Yin', 'zh-Hans': '晚间阴瑜伽' },
      { en: 'Slow holds', 'zh-Hans': '长时间停留' },
    );
    expect(created).toMatchObject({
      name: 'Evening Yin',
      name_i18n: { en: 'Evening Yin', 'zh-Hans': '晚间阴瑜伽' },
      description_i18n: { en: 'Slow holds', 'zh-Hans': '长时间停留' },
    });
    const list = async (locale: string) =>
      (await call(scheduleCalls.getCourses, {}, { locale })).rows.find((c) => c._id === created._id);
    expect(await list('zh-Hans')).toMatchObject({ name: '晚间阴瑜伽', description: '长时间停留' });
    expect(await list('zh-CN')).toMatchObject({ name: '晚间阴瑜伽' });
    // No zh-Hant value: the same language in Simplified characters before the studio's English.
    expect(await list('zh-Hant')).toMatchObject({ name: '晚间阴瑜伽', description: '长时间停留' });
    expect(await list('en')).toMatchObject({ name: 'Evening Yin' });
    // Staff in Chinese see the Chinese text and still every value to edit.
    const page = await asAdmin(adminScheduleCalls.getCourseList, { keyword: 'Evening Yin' }, 'zh-Hans');
    expect(page.rows[0]).toMatchObject({
      name: '晚间阴瑜伽',
      name_i18n: { en: 'Evening Yin', 'zh-Hans': '晚间阴瑜伽' },
    });
  });

  it('a plain string still works: it sets the default language and keeps the translations', async () => {
    const plain = await saveCourse('Power Hour');
    expect(plain).toMatchObject({ name: 'Power Hour', name_i18n: { en: 'Power Hour' } });

    const course = await saveCourse(VINYASA);
    const renamed = await saveCourse('Sunrise Vinyasa', '', course._id);
    expect(renamed.name_i18n).toEqual({ ...VINYASA, en: 'Sunrise Vinyasa' });
    const zh = await call(scheduleCalls.getCourses, {}, { locale: 'zh-Hant' });
    expect(zh.rows.find((c) => c._id === course._id)?.name).toBe('晨間流瑜伽');
  });

  it('refuses an unknown locale and a blank name in any locale', async () => {
    const base = { duration_min: 60, default_capacity: 10 };
    expect((await asAdmin(adminScheduleCalls.saveCourse, { ...base, name: { fr: 'Yoga' } })).code).toBe(
      'INVALID_PARAM',
    );
    expect((await asAdmin(adminScheduleCalls.saveCourse, { ...base, name: { en: 'Yoga', 'zh-Hans': '' } })).code).toBe(
      'INVALID_PARAM',
    );
    expect((await asAdmin(adminScheduleCalls.saveCourse, { ...base, name: {} })).code).toBe('INVALID_PARAM');
  });
});

describe('the member’s reads in their locale', () => {
  let sessionId: string;
  let teacher: TestMember;
  beforeAll(async () => {
    t.clock.set(START);
    const course = await saveCourse(VINYASA, {
      en: 'Breath-led flow',
      'zh-Hans': '以呼吸引领的流动练习',
      'zh-Hant': '以呼吸引領的流動練習',
    });
    const room = await asAdmin(adminScheduleCalls.saveRoom, {
      name: { en: 'Lotus Room', 'zh-Hans': '莲花教室', 'zh-Hant': '蓮花教室' },
      capacity: 10,
      address: { en: '12 Willow Lane', 'zh-Hans': '柳树巷12号' },
    });
    expect(room.room).toMatchObject({ name: 'Lotus Room', address_i18n: { 'zh-Hans': '柳树巷12号' } });
    teacher = await buildTeacher(t, { name: 'Tara' });
    const saved = await asAdmin(adminScheduleCalls.saveTeacher, {
      user_id: teacher.id,
      name: { en: 'Tara', 'zh-Hans': '塔拉', 'zh-Hant': '塔拉' },
      introduction: { en: 'Ten years of yoga', 'zh-Hans': '十年瑜伽教学经验' },
    });
    expect(saved.teacher).toMatchObject({ name: 'Tara', introduction_i18n: { 'zh-Hans': '十年瑜伽教学经验' } });
    const startsAt = new Date(t.clock.now().getTime() + 48 * HOUR);
    const session = await asAdmin(adminReservationCalls.createSession, {
      course_id: course._id,
      teacher_id: teacher.id,
      room_id: room.room._id,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + HOUR).toISOString(),
    });
    sessionId = session.session._id;
    const grant = await asAdmin(adminPackageCalls.grantPackage, {
      user_id: member.id,
      name: { en: '10 Class Pass', 'zh-Hans': '10次课卡', 'zh-Hant': '10堂課卡' },
      class_count: 10,
    });
    expect(grant.package).toMatchObject({ name: '10 Class Pass', name_i18n: { 'zh-Hant': '10堂課卡' } });
    expect(
      (await asMember(reservationCalls.book, { session_id: sessionId }, 'zh-Hans')).reservation.session,
    ).toMatchObject({
      course_name: '晨间流瑜伽',
    });
  });

  it('the schedule', async () => {
    const week = (locale: string) =>
      call(reservationCalls.getSchedule, { date_from: '2026-11-22', date_to: '2026-11-28' }, { locale });
    const pick = (res: Awaited<ReturnType<typeof week>>) => res.rows.find((s) => s._id === sessionId);
    expect(pick(await week('zh-Hans'))).toMatchObject({
      course_name: '晨间流瑜伽',
      room_name: '莲花教室',
      teacher_name: '塔拉',
    });
    expect(pick(await week('zh-Hant'))).toMatchObject({ course_name: '晨間流瑜伽', room_name: '蓮花教室' });
    expect(pick(await week('en'))).toMatchObject({ course_name: 'Morning Vinyasa', room_name: 'Lotus Room' });
  });

  it('the class detail: course, teacher and room texts, with fallback for what is not translated', async () => {
    const hant = await asMember(reservationCalls.getSessionDetail, { _id: sessionId }, 'zh-Hant');
    // What has no Traditional text reads in Simplified Chinese before English.
    expect(hant).toMatchObject({
      session: { course_name: '晨間流瑜伽' },
      course: { name: '晨間流瑜伽', description: '以呼吸引領的流動練習' },
      room: { name: '蓮花教室', address: '柳树巷12号' },
      teacher: { name: '塔拉', introduction: '十年瑜伽教学经验' },
    });
    const hans = await asMember(reservationCalls.getSessionDetail, { _id: sessionId }, 'zh-Hans');
    expect(hans).toMatchObject({ room: { address: '柳树巷12号' }, teacher: { introduction: '十年瑜伽教学经验' } });
  });

  it('the reservations list and the packages list', async () => {
    const mine = await asMember(reservationCalls.getMyReservations, {}, 'zh-Hant');
    expect(mine.rows.map((r) => r.session.course_name)).toEqual(['晨間流瑜伽']);
    const packs = await asMember(packageCalls.getMyPackages, {}, 'zh-Hans');
    expect(packs.rows.map((p) => p.name)).toEqual(['10次课卡']);
    expect((await asMember(packageCalls.getMyPackages, {})).rows.map((p) => p.name)).toEqual(['10 Class Pass']);
  });

  it('the teacher workbench: sessions in the teacher’s locale; the introduction edited there is the default language’s', async () => {
    const bench = await call(teacherCalls.getWorkbench, {}, { token: teacher.token, locale: 'zh-Hans' });
    expect(bench.next_sessions.map((s) => s.course_name)).toEqual(['晨间流瑜伽']);
    // The profile is what the teacher edits: their own text, not a translation made by staff.
    expect(bench.teacher.introduction).toBe('Ten years of yoga');
    const edited = await call(
      teacherCalls.updateIntroduction,
      { introduction: 'Twelve years of yoga' },
      { token: teacher.token, locale: 'zh-Hans' },
    );
    expect(edited.teacher.introduction).toBe('Twelve years of yoga');
    const staffView = await asAdmin(adminScheduleCalls.getTeacherList, { keyword: 'Tara' });
    expect(staffView.rows.find((r) => r._id === teacher.id)?.introduction_i18n).toEqual({
      en: 'Twelve years of yoga',
      'zh-Hans': '十年瑜伽教学经验',
    });
  });
});

describe('the studio', () => {
  it('admin/merchant.save sets texts per locale; getMchInfo answers them in the caller’s locale', async () => {
    const saved = await asAdmin(adminMerchantCalls.save, {
      name: { en: 'Lotus Flow Studio', 'zh-Hans': '莲流瑜伽馆', 'zh-Hant': '蓮流瑜伽館' },
      description: 'Yoga in the heart of town.',
      address: { en: '12 Willow Lane, London', 'zh-Hans': '伦敦柳树巷12号' },
      share_title: { en: 'Move with us', 'zh-Hant': '和我們一起動起來' },
    });
    expect(saved.merchant).toMatchObject({
      name: 'Lotus Flow Studio',
      default_locale: 'en',
      description_i18n: { en: 'Yoga in the heart of town.' },
    });
    const info = async (locale: string) => (await call(merchantCalls.getMchInfo, {}, { locale })).mchInfo;
    expect(await info('zh-Hans')).toMatchObject({
      name: '莲流瑜伽馆',
      description: 'Yoga in the heart of town.',
      address: '伦敦柳树巷12号',
      // No Simplified tagline: the Traditional one before English.
      share: { title: '和我們一起動起來' },
    });
    expect(await info('zh-Hant')).toMatchObject({ name: '蓮流瑜伽館', share: { title: '和我們一起動起來' } });
    expect((await asMember(adminMerchantCalls.save, { name: 'x' })).code).toBe('PERMISSION_DENIED');
  });

  it('a studio writing in Chinese: plain strings are its default language, which texts fall back to', async () => {
    const zh = await asAdmin(adminMerchantCalls.save, { default_locale: 'zh-Hans', description: '市中心的瑜伽馆' });
    expect(zh.merchant).toMatchObject({
      default_locale: 'zh-Hans',
      // The name has a zh-Hans value, which the plain text now holds.
      description_i18n: { en: 'Yoga in the heart of town.', 'zh-Hans': '市中心的瑜伽馆' },
    });
    const course = await saveCourse('热瑜伽');
    expect(course.name_i18n).toEqual({ 'zh-Hans': '热瑜伽' });
    const en = await call(scheduleCalls.getCourses, {}, { locale: 'en' });
    expect(en.rows.find((c) => c._id === course._id)?.name).toBe('热瑜伽');
    const info = (await call(merchantCalls.getMchInfo, {}, { locale: 'zh-Hant' })).mchInfo;
    expect(info).toMatchObject({ name: '蓮流瑜伽館', description: '市中心的瑜伽馆' });
    await asAdmin(adminMerchantCalls.save, { default_locale: 'en' });
  });
});

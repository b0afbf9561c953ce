import { existsSync } from 'node:fs';
import path from 'node:path';
import { accountCalls } from '@studio/contract/account';
import { imageVariant } from '@studio/contract/images';
import { merchantCalls } from '@studio/contract/merchant';
import { packageCalls } from '@studio/contract/packages';
import { reservationCalls } from '@studio/contract/reservations';
import { shopCalls } from '@studio/contract/shop';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { classSessions, courses, rooms, teacherProfiles } from '../schedule/schema';
import { DEMO_PASSWORD, seedDemo } from '../seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => ({
  rooms: (await t.app.db.select({ n: count() }).from(rooms))[0]!.n,
  courses: (await t.app.db.select({ n: count() }).from(courses))[0]!.n,
  teachers: (await t.app.db.select({ n: count() }).from(teacherProfiles))[0]!.n,
  sessions: (await t.app.db.select({ n: count() }).from(classSessions))[0]!.n,
});

// Each test seeds the whole demo (eight weeks of class history included): seconds of work, more on a busy machine.
const DEMO_SEED = { timeout: 90_000 };

describe('demo classes', DEMO_SEED, () => {
  it('seeds rooms, courses, teachers, two weeks of classes and the member’s packages, once', async () => {
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    const first = await counts();
    expect(first).toMatchObject({ rooms: 3, courses: 5, teachers: 3 });
    // Two weeks ahead (2–4 a day), and the eight weeks before today (history-seed.ts: nine a week).
    expect(first.sessions).toBeGreaterThanOrEqual(28 + 9 * 7);
    expect(first.sessions).toBeLessThanOrEqual(56 + 9 * 8);
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    expect(await counts()).toEqual(first);

    const login = await t.call(accountCalls.login, {
      username: 'member',
      password: DEMO_PASSWORD,
    });
    const token = login.vk_uni_token.token;
    const packages = await t.call(packageCalls.getMyPackages, {}, { token });
    expect(packages.rows.map((p) => [p.total_count, p.valid_until === null]).sort()).toEqual([
      [10, false],
      [5, true],
    ]);
    const mine = await t.call(reservationCalls.getMyReservations, {}, { token });
    expect(mine.rows).toHaveLength(2);
    const waiting = await t.call(reservationCalls.getMyWaitlist, {}, { token });
    expect(waiting.rows[0]).toMatchObject({ status: 'waiting', position: 2 });
    expect(waiting.rows[0]!.session).toMatchObject({ capacity: 4, seats_left: 0, waitlist_count: 2 });

    const week = await t.call(reservationCalls.getSchedule, {
      date_from: t.clock.now().toISOString(),
      date_to: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });
    expect(new Set(week.rows.map((s) => s.course_name))).toEqual(
      new Set(['Vinyasa Flow', 'Hatha Basics', 'Yin Yoga', 'Mat Pilates', 'Power Yoga']),
    );
    // The demo studio reads in all three languages.
    const range = {
      date_from: t.clock.now().toISOString(),
      date_to: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    };
    for (const [locale, names] of [
      ['zh-Hans', ['流瑜伽', '哈他瑜伽入门', '阴瑜伽', '垫上普拉提', '力量瑜伽']],
      ['zh-Hant', ['流瑜伽', '哈達瑜伽入門', '陰瑜伽', '墊上皮拉提斯', '力量瑜伽']],
    ] as const) {
      const rows = (await t.call(reservationCalls.getSchedule, range, { locale })).rows;
      expect(new Set(rows.map((s) => s.course_name))).toEqual(new Set(names));
      expect(rows.every((s) => /\p{Script=Han}/u.test(s.room_name + s.teacher_name))).toBe(true);
    }
    const studio = await t.call(merchantCalls.getMchInfo, {}, { locale: 'zh-Hant' });
    expect(studio.mchInfo).toMatchObject({ name: '蓮流瑜伽館', address: '倫敦柳樹巷12號' });
    const packs = await t.call(packageCalls.getMyPackages, {}, { token, locale: 'zh-Hans' });
    expect(packs.rows.map((p) => p.name).sort()).toEqual(['10次课卡', '5次课包（长期有效）']);

    const teacherLogin = await t.call(accountCalls.login, { username: 'lena', password: DEMO_PASSWORD });
    expect(teacherLogin.code).toBe(0);
    expect((teacherLogin.userInfo as { role: string[] }).role).toContain('teacher');
  });
});

describe('demo shop', DEMO_SEED, () => {
  it('seeds class passes and goods with drawn pictures in every size, searchable in English and Chinese, once', async () => {
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    const all = await t.call(shopCalls.getGoodsList, { pageSize: 100 });
    expect(all.total).toBe(13);
    const passes = await t.call(shopCalls.getGoodsList, { type: 1, pageSize: 100 });
    expect(passes.rows.map((g) => g.class_count).sort((a, b) => a! - b!)).toEqual([3, 5, 5, 10, 20]);
    const tree = await t.call(shopCalls.getCategoryTree, {}, { locale: 'zh-Hans' });
    expect(tree.rows.map((c) => c.name)).toEqual(['课程卡', '瑜伽垫与辅具', '服装', '饮品']);
    const mats = await t.call(shopCalls.getGoodsList, { keyword: '瑜伽垫' }, { locale: 'zh-Hans' });
    expect(mats.rows.map((g) => g.name).sort()).toEqual(['旅行瑜伽垫', '软木瑜伽垫']);
    expect((await t.call(shopCalls.getGoodsList, { keyword: 'mat' })).rows.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Cork Yoga Mat', 'Travel Yoga Mat']),
    );
    const mat = await t.call(shopCalls.getGoodsDetail, { _id: mats.rows[0]!._id });
    for (const url of mat.goods.images) {
      for (const file of [url, imageVariant(url, 'thumb'), imageVariant(url, 'detail')]) {
        expect(existsSync(path.join(t.config.DATA_DIR, file.slice(1))), file).toBe(true);
      }
    }
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    expect((await t.call(shopCalls.getGoodsList, { pageSize: 100 })).total).toBe(13);
  });
  it('writes every option name in Traditional Chinese too (Moss reads 苔綠, not the simplified 苔绿)', async () => {
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    const options = async (keyword: string) => {
      const [goods] = (await t.call(shopCalls.getGoodsList, { keyword }, { locale: 'zh-Hant' })).rows;
      const detail = await t.call(shopCalls.getGoodsDetail, { _id: goods!._id }, { locale: 'zh-Hant' });
      return detail.goods.sku_list.map((sku) => sku.sku_name);
    };
    expect(await options('軟木瑜伽墊')).toEqual(['沙色', '苔綠', '陶土']);
    expect(await options('旅行瑜伽墊')).toEqual(['梅紫', '海藍']);
    expect(await options('瑜伽磚')).toEqual(['軟木', '淡紫泡沫']);
    expect(await options('有機棉T恤')).toEqual(['燕麥色 / S', '燕麥色 / M', '燕麥色 / L']);
  });
});

import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  closeSentence,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTimeAgo,
  inZone,
  zoneOffsetsOf,
} from './format';
import type { Locale } from './locale';
import { forgetZoneOffsets, knowZoneOffsets } from './zone-offsets';

describe('formatMoney', () => {
  it.each([
    [1250, 'GBP', '£12.50'],
    [0, 'GBP', '£0.00'],
    [5, 'GBP', '£0.05'],
    [100, 'CNY', '¥1.00'],
    [99_999, 'USD', '$999.99'],
    [123_456, 'EUR', '€1,234.56'],
    [100_000_000, 'GBP', '£1,000,000.00'],
    [-99, 'GBP', '-£0.99'],
    [1250, 'gbp', '£12.50'],
    [1250, 'JPY', 'JPY 12.50'],
  ])('%i %s → %s', (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it('defaults to pounds', () => {
    expect(formatMoney(1000)).toBe('£10.00');
  });
});

describe('formatDateTime', () => {
  // 2024-12-03 is a Tuesday.
  it.each<[string, Locale, string | undefined, string]>([
    ['2024-12-03T10:00:00Z', 'en', undefined, 'Tue 3 Dec, 18:00'],
    ['2024-12-03T10:00:00Z', 'zh-Hans', undefined, '12月3日 周二 18:00'],
    ['2024-12-03T10:00:00Z', 'zh-Hant', undefined, '12月3日 週二 18:00'],
    ['2024-12-03T18:00:00Z', 'en', 'Europe/London', 'Tue 3 Dec, 18:00'],
    ['2024-07-02T17:30:00Z', 'en', 'Europe/London', 'Tue 2 Jul, 18:30'],
    ['2024-12-03T18:00:00+08:00', 'zh-Hans', 'Asia/Shanghai', '12月3日 周二 18:00'],
    ['2024-12-03T20:00:00Z', 'en', undefined, 'Wed 4 Dec, 04:00'],
    ['2024-12-03T10:00:00Z', 'en', 'Not/AZone', 'Tue 3 Dec, 18:00'],
  ])('%s in %s (%s) → %s', (iso, locale, tz, expected) => {
    expect(formatDateTime(iso, locale, tz)).toBe(expected);
  });
});

describe('inZone', () => {
  it.each([
    'Europe/London',
    'Asia/Shanghai',
    'America/New_York',
    'America/St_Johns',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'UTC',
  ])('sees every instant of a year in %s as dayjs.tz does, across its clock changes', (tz) => {
    // Every 367 minutes of 2024, and the last millisecond of that minute: each clock change is crossed.
    const start = Date.parse('2024-01-01T00:00:00Z');
    const mismatches: string[] = [];
    for (let t = start; t < start + 366 * 86_400_000; t += 367 * 60_000) {
      for (const at of [t, t + 59_999]) {
        const expected = dayjs(at).tz(tz).format('YYYY-MM-DD HH:mm:ss Z');
        const actual = inZone(at, tz).format('YYYY-MM-DD HH:mm:ss Z');
        if (actual !== expected) mismatches.push(`${new Date(at).toISOString()}: ${actual}, dayjs.tz ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(inZone('2024-07-02T17:30:00.250Z', tz).valueOf()).toBe(Date.parse('2024-07-02T17:30:00.250Z'));
  });

  it.each(['Europe/London', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham'])(
    'converts from the table the server sends for %s exactly as from the zone itself',
    (tz) => {
      const from = Date.parse('2024-01-01T00:00:00Z');
      const until = Date.parse('2025-01-01T00:00:00Z');
      const table = zoneOffsetsOf(tz, from, until);
      // Two clock changes a year in each of these zones, each found to the second.
      expect(table.changes).toHaveLength(3);
      const sample = (at: number) => inZone(at, tz).format('YYYY-MM-DD HH:mm:ss Z');
      const instants: number[] = [];
      for (let t = from; t < until; t += 367 * 60_000) instants.push(t);
      // Either side of each change, to the millisecond.
      for (const [at] of table.changes.slice(1)) instants.push(at - 1, at, at + 1);
      const fromZone = instants.map(sample);
      knowZoneOffsets(tz, table);
      try {
        expect(instants.map(sample)).toEqual(fromZone);
        // Outside its window the zone itself answers again.
        expect(inZone(until + 3_600_000, tz).format('Z')).toBe(
          dayjs(until + 3_600_000)
            .tz(tz)
            .format('Z'),
        );
      } finally {
        forgetZoneOffsets(tz);
      }
    },
  );

  it('falls back to UTC+8 for an unknown zone or no zone, and leaves an invalid time invalid', () => {
    expect(inZone('2024-12-03T10:00:00Z', 'Not/AZone').format('HH:mm Z')).toBe('18:00 +08:00');
    expect(inZone('2024-12-03T10:00:00Z').format('HH:mm Z')).toBe('18:00 +08:00');
    expect(inZone('not a time', 'Europe/London').isValid()).toBe(false);
  });
});

describe('formatTimeAgo', () => {
  const now = '2024-12-31T12:00:00Z';
  const minus = (ms: number) => new Date(Date.parse(now) - ms).toISOString();
  const min = 60_000;
  const hour = 60 * min;
  const day = 24 * hour;

  it.each<[number, Locale, string]>([
    [0, 'en', 'just now'],
    [-10 * min, 'en', 'just now'],
    [4 * min + 59_000, 'en', 'just now'],
    [5 * min, 'en', '5 minutes ago'],
    [59 * min, 'en', '59 minutes ago'],
    [hour, 'en', '1 hour ago'],
    [23 * hour + 59 * min, 'en', '23 hours ago'],
    [day, 'en', '1 day ago'],
    [29 * day, 'en', '29 days ago'],
    [30 * day, 'en', '1 Dec 2024'],
    [0, 'zh-Hans', '刚刚'],
    [7 * min, 'zh-Hans', '7分钟前'],
    [3 * hour, 'zh-Hans', '3小时前'],
    [2 * day, 'zh-Hans', '2天前'],
    [40 * day, 'zh-Hans', '2024年11月21日'],
    [0, 'zh-Hant', '剛剛'],
    [7 * min, 'zh-Hant', '7分鐘前'],
    [3 * hour, 'zh-Hant', '3小時前'],
    [2 * day, 'zh-Hant', '2天前'],
  ])('%i ms before now in %s → %s', (ago, locale, expected) => {
    expect(formatTimeAgo(minus(ago), now, locale)).toBe(expected);
  });

  it('shows the date in the given timezone', () => {
    // 23:30 UTC on 1 Nov is already 2 Nov at UTC+8, but still 1 Nov in London.
    expect(formatTimeAgo('2024-11-01T23:30:00Z', now, 'en')).toBe('2 Nov 2024');
    expect(formatTimeAgo('2024-11-01T23:30:00Z', now, 'en', 'Europe/London')).toBe('1 Nov 2024');
  });
});

describe('formatDate', () => {
  it.each<[Locale, string]>([
    ['en', '3 Dec 2024'],
    ['zh-Hans', '2024年12月3日'],
    ['zh-Hant', '2024年12月3日'],
  ])('%s → %s', (locale, expected) => {
    expect(formatDate('2024-12-03T10:00:00Z', locale)).toBe(expected);
  });
});

describe('abbreviateNumber', () => {
  it.each<[number, Locale, string]>([
    [0, 'en', '0'],
    [999, 'en', '999'],
    [1000, 'en', '1k'],
    [1234, 'en', '1.2k'],
    [2300, 'en', '2.3k'],
    [9999, 'en', '9.9k'],
    [10_000, 'en', '10k'],
    [123_456, 'en', '123.4k'],
    [1_000_000, 'en', '1m'],
    [12_500_000, 'en', '12.5m'],
    [300_000_000, 'en', '300m'],
    [-1500, 'en', '-1.5k'],
    [999, 'zh-Hans', '999'],
    [1234, 'zh-Hans', '1.2k'],
    [10_000, 'zh-Hans', '1万'],
    [15_300, 'zh-Hans', '1.5万'],
    [1_000_000, 'zh-Hans', '100万'],
    [10_000_000, 'zh-Hans', '1千万'],
    [25_000_000, 'zh-Hans', '2.5千万'],
    [100_000_000, 'zh-Hans', '1亿'],
    [1_230_000_000, 'zh-Hans', '12.3亿'],
    [15_300, 'zh-Hant', '1.5萬'],
    [10_000_000, 'zh-Hant', '1千萬'],
    [100_000_000, 'zh-Hant', '1億'],
  ])('%i in %s → %s', (value, locale, expected) => {
    expect(abbreviateNumber(value, locale)).toBe(expected);
  });
});

describe('closeSentence', () => {
  it.each([
    ['Teacher ill', 'en', 'Teacher ill.'],
    ['sorry!', 'en', 'sorry!'],
    ['  Any questions?  ', 'en', 'Any questions?'],
    ['We ran out of mats.', 'en', 'We ran out of mats.'],
    ['Call us…', 'en', 'Call us…'],
    ['She said "no."', 'en', 'She said "no."'],
    ['老师生病', 'zh-Hans', '老师生病。'],
    ['抱歉！', 'zh-Hans', '抱歉！'],
    ['場地維修。', 'zh-Hant', '場地維修。'],
    ['「臨時停課。」', 'zh-Hant', '「臨時停課。」'],
    ['', 'en', ''],
  ] as [string, Locale, string][])('%j in %s → %j', (text, locale, expected) => {
    expect(closeSentence(text, locale)).toBe(expected);
  });
});

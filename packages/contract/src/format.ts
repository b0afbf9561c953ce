import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Locale } from './locale';
import { type ZoneOffsets, zoneOffsetFromTable } from './zone-offsets';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Symbols of the currencies a merchant may trade in; any other code is shown as its ISO code. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', CNY: '¥', USD: '$', EUR: '€' };
export const DEFAULT_CURRENCY = 'GBP';
/** Spec 9: the target timezone offset when the merchant names none. */
export const DEFAULT_UTC_OFFSET_HOURS = 8;

type TimeInput = string | number | Date;

/** Money in minor units (pence/fen) as text: 1250 → "£12.50", -99 → "-£0.99", 123456 → "£1,234.56". */
/** Minor units (pence) from an amount typed in major units (pounds), rounded to the penny. */
export function toMinorUnits(major: number): number {
  return Math.round(major * 100);
}

/** Major units (pounds) of an amount in minor units, for an input that shows pounds. */
export function toMajorUnits(minor: number): number {
  return minor / 100;
}

export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY): string {
  const abs = Math.abs(Math.round(minor));
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  const code = currency.toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code] ?? `${code} `;
  return `${minor < 0 && abs > 0 ? '-' : ''}${symbol}${units}.${cents}`;
}

/** One formatter per zone: building an Intl.DateTimeFormat is the expensive part of a conversion. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes `tz` is ahead of UTC at the instant `ms`. dayjs's own `.tz()` builds a new formatter on each
 * call (toLocaleString with a timeZone), which cost a phone a fifth of the schedule's first render.
 * Throws RangeError for an unknown zone or an invalid instant.
 */
function zoneOffsetMinutes(ms: number, tz: string): number {
  return zoneOffsetFromTable(ms, tz) ?? intlOffsetMinutes(ms, tz);
}

function intlOffsetMinutes(ms: number, tz: string): number {
  let zone = zoneFormats.get(tz);
  if (!zone) {
    zone = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(tz, zone);
  }
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zone.formatToParts(ms)) field[part.type] = Number(part.value);
  const wallClockAsUtc = Date.UTC(
    field.year ?? 0,
    (field.month ?? 1) - 1,
    field.day ?? 1,
    field.hour ?? 0,
    field.minute ?? 0,
    field.second ?? 0,
  );
  return Math.round((wallClockAsUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

const DAY_MS = 86_400_000;

/**
 * The offsets of `tz` over [from, until) (epoch ms, whole seconds), as zoneOffsets sends them: the
 * offset read once a day, and each change found to the second between two days that differ. Throws
 * RangeError for an unknown zone.
 */
export function zoneOffsetsOf(tz: string, from: number, until: number): ZoneOffsets {
  const start = Math.floor(from / 1000) * 1000;
  let current = intlOffsetMinutes(start, tz);
  const changes: [number, number][] = [[start, current]];
  for (let prev = start; prev < until; ) {
    const at = Math.min(prev + DAY_MS, until);
    if (intlOffsetMinutes(at, tz) !== current) {
      // The change lies in (prev, at]: halve the gap down to the second it starts.
      let lo = Math.floor(prev / 1000);
      let hi = Math.floor(at / 1000);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (intlOffsetMinutes(mid * 1000, tz) === current) lo = mid;
        else hi = mid;
      }
      current = intlOffsetMinutes(hi * 1000, tz);
      changes.push([hi * 1000, current]);
    }
    prev = at;
  }
  return { from: start, until, changes };
}

/** An instant seen in the merchant's timezone (an IANA name); without a valid one, at UTC+8. */
export function inZone(time: TimeInput, tz?: string | null): Dayjs {
  const instant = dayjs(time);
  if (tz && instant.isValid()) {
    try {
      return instant.utcOffset(zoneOffsetMinutes(instant.valueOf(), tz));
    } catch {
      // An unknown zone name: fall through to the spec's default offset rather than fail to render.
    }
  }
  return instant.utcOffset(DEFAULT_UTC_OFFSET_HOURS * 60);
}

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ZH_WEEKDAYS = '日一二三四五六';

function weekdayOf(d: Dayjs, locale: Locale): string {
  if (locale === 'en') return EN_WEEKDAYS[d.day()] ?? '';
  return `${locale === 'zh-Hant' ? '週' : '周'}${ZH_WEEKDAYS[d.day()]}`;
}

/** Date and time for display: en "Tue 3 Dec, 18:00", zh-Hans "12月3日 周二 18:00", zh-Hant "12月3日 週二 18:00". */
export function formatDateTime(time: TimeInput, locale: Locale, tz?: string | null): string {
  const d = inZone(time, tz);
  const hm = d.format('HH:mm');
  if (locale === 'en') return `${weekdayOf(d, locale)} ${d.date()} ${EN_MONTHS[d.month()]}, ${hm}`;
  return `${d.month() + 1}月${d.date()}日 ${weekdayOf(d, locale)} ${hm}`;
}

/** A calendar date with its year: en "3 Dec 2024", zh "2024年12月3日". */
export function formatDate(time: TimeInput, locale: Locale, tz?: string | null): string {
  const d = inZone(time, tz);
  if (locale === 'en') return `${d.date()} ${EN_MONTHS[d.month()]} ${d.year()}`;
  return `${d.year()}年${d.month() + 1}月${d.date()}日`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const AGO: Record<
  Locale,
  { justNow: string; minutes: (n: number) => string; hours: (n: number) => string; days: (n: number) => string }
> = {
  en: {
    justNow: 'just now',
    minutes: (n) => `${n} ${n === 1 ? 'minute' : 'minutes'} ago`,
    hours: (n) => `${n} ${n === 1 ? 'hour' : 'hours'} ago`,
    days: (n) => `${n} ${n === 1 ? 'day' : 'days'} ago`,
  },
  'zh-Hans': { justNow: '刚刚', minutes: (n) => `${n}分钟前`, hours: (n) => `${n}小时前`, days: (n) => `${n}天前` },
  'zh-Hant': { justNow: '剛剛', minutes: (n) => `${n}分鐘前`, hours: (n) => `${n}小時前`, days: (n) => `${n}天前` },
};

/**
 * How long ago `time` was, seen from `now` (spec 9): under 5 minutes "just now", then minutes, hours and
 * days up to 30 days, after that the date. A time in the future reads as "just now".
 */
export function formatTimeAgo(time: TimeInput, now: TimeInput, locale: Locale, tz?: string | null): string {
  const diff = dayjs(now).valueOf() - dayjs(time).valueOf();
  const words = AGO[locale];
  if (diff < 5 * MINUTE) return words.justNow;
  if (diff < HOUR) return words.minutes(Math.floor(diff / MINUTE));
  if (diff < DAY) return words.hours(Math.floor(diff / HOUR));
  if (diff < 30 * DAY) return words.days(Math.floor(diff / DAY));
  return formatDate(time, locale, tz);
}

/** Units of abbreviation, largest first. English counts in thousands and millions, Chinese in 万, 千万 and 亿. */
const ABBREVIATIONS: Record<Locale, ReadonlyArray<readonly [number, string]>> = {
  en: [
    [1e6, 'm'],
    [1e3, 'k'],
  ],
  'zh-Hans': [
    [1e8, '亿'],
    [1e7, '千万'],
    [1e4, '万'],
    [1e3, 'k'],
  ],
  'zh-Hant': [
    [1e8, '億'],
    [1e7, '千萬'],
    [1e4, '萬'],
    [1e3, 'k'],
  ],
};

/** A count in short form with one decimal, truncated (never rounded up into the next unit): 1234 → "1.2k", 15000 → "1.5万". */
export function abbreviateNumber(value: number, locale: Locale): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const [unit, suffix] of ABBREVIATIONS[locale]) {
    if (abs >= unit) return `${sign}${Math.floor((abs * 10) / unit) / 10}${suffix}`;
  }
  return String(value);
}

/** Punctuation that ends a sentence (Latin and CJK), before any closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？][\s"'”’」』)）\]]*$/u;

/**
 * Text someone wrote (a reason staff gave) as a whole sentence to place inside another text: trimmed,
 * and given a full stop in the reader's language unless it already ends in one (or in ! ? …). The
 * texts that quote a reason put no stop of their own after it, so "Teacher ill" reads "…: Teacher ill.
 * Any credit…" and "sorry!" reads "…: sorry! Any credit…", never "sorry!.".
 */
export function closeSentence(text: string, locale: Locale): string {
  const trimmed = text.trim();
  if (!trimmed || SENTENCE_END.test(trimmed)) return trimmed;
  return `${trimmed}${locale === 'en' ? '.' : '。'}`;
}

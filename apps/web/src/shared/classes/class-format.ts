import { DEFAULT_UTC_OFFSET_HOURS, inZone } from '@studio/contract/format';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useFormat } from '@/shared/format/use-format';
import { useMchInfo } from '@/shared/merchant/mch-info';

type Time = string | number | Date;

/**
 * The contract's formatters (useFormat) plus the pieces class pages need, all in the merchant's
 * timezone: a start time "18:00", the calendar day of an instant "2026-12-03", a date without its
 * time ("Tue 3 Dec" / "12月3日 周二").
 */
export function useClassFormat() {
  const format = useFormat();
  const tz = useMchInfo().data?.mchInfo.timezone;
  return useMemo(
    () => ({
      ...format,
      tz,
      time: (time: Time) => inZone(time, tz).format('HH:mm'),
      /** "18:02" on the class's own day, "Mon 23 Nov, 18:02" on another (e.g. a check-in made early). */
      timeOnDayOf: (time: Time, classTime: Time) =>
        inZone(time, tz).isSame(inZone(classTime, tz), 'day')
          ? inZone(time, tz).format('HH:mm')
          : format.dateTime(time),
      /** YYYY-MM-DD of an instant in the studio's timezone. */
      dayKey: (time: Time) => inZone(time, tz).format('YYYY-MM-DD'),
      /** The day part of the contract's date-time format: its time is cut off, so both stay one format. */
      day: (time: Time) => format.dateTime(time).replace(/,?\s+\d{2}:\d{2}$/, ''),
      /** "Tue 3 Dec, 18:00–19:00". */
      span: (from: Time, to: Time) => `${format.dateTime(from)}–${inZone(to, tz).format('HH:mm')}`,
      /** Minutes between two instants. */
      minutes: (from: Time, to: Time) => Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000),
    }),
    [format, tz],
  );
}

export type ClassFormat = ReturnType<typeof useClassFormat>;

/** The next `count` calendar days from `now`'s day in the studio's timezone, as YYYY-MM-DD. */
export function upcomingDays(now: Time, tz: string | undefined, count: number): string[] {
  // Noon keeps a DST change from pushing a day across midnight.
  const today = inZone(now, tz).startOf('day').add(12, 'hour');
  return Array.from({ length: count }, (_, i) => today.add(i, 'day').format('YYYY-MM-DD'));
}

/** Weekday (0 = Sunday) and day of month of a YYYY-MM-DD calendar day. */
export function calendarDayParts(day: string): { weekday: number; date: number } {
  const noon = new Date(`${day}T12:00:00Z`);
  return { weekday: noon.getUTCDay(), date: noon.getUTCDate() };
}

/** Noon of a YYYY-MM-DD calendar day in the studio's timezone, as an instant (for the date formats). */
export function dayInstant(day: string, tz: string | undefined): Date {
  if (tz) {
    try {
      return dayjs.tz(`${day} 12:00`, tz).toDate();
    } catch {
      // An unknown zone name: the spec's default offset, as inZone does.
    }
  }
  const sign = DEFAULT_UTC_OFFSET_HOURS >= 0 ? '+' : '-';
  return new Date(`${day}T12:00:00${sign}${String(Math.abs(DEFAULT_UTC_OFFSET_HOURS)).padStart(2, '0')}:00`);
}

import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The calendar draws the studio's wall-clock times, whatever the browser's zone: FullCalendar runs
 * in UTC and is given each instant shifted to the studio's wall clock ("floating" times), and a
 * time picked on it is read back as that wall-clock time in the studio's zone.
 */
export function toFloating(instant: string | Date, tz: string | undefined): string {
  const local = tz ? dayjs(instant).tz(tz) : dayjs(instant);
  return `${local.format('YYYY-MM-DDTHH:mm:ss')}Z`;
}

/** A floating time (FullCalendar's UTC date) back to the instant it names in the studio's zone. */
export function fromFloating(floating: Date, tz: string | undefined): Dayjs {
  const wall = dayjs.utc(floating).format('YYYY-MM-DDTHH:mm:ss');
  return tz ? dayjs.tz(wall, tz) : dayjs(wall);
}

/** A date (YYYY-MM-DD) and a wall-clock time (HH:mm) in the studio's zone, as an instant. */
export function studioInstant(date: string, time: string, tz: string | undefined): Dayjs {
  return tz ? dayjs.tz(`${date}T${time}:00`, tz) : dayjs(`${date}T${time}:00`);
}

/** Today in the studio's zone, YYYY-MM-DD. */
export function studioToday(tz: string | undefined): string {
  return (tz ? dayjs().tz(tz) : dayjs()).format('YYYY-MM-DD');
}

/** The Monday of the week holding `date` (YYYY-MM-DD). */
export function weekStart(date: string): string {
  const d = dayjs.utc(date);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** The Monday (YYYY-MM-DD) of the studio's week holding the earliest of these instants. */
export function weekOfFirst(instants: string[], tz: string | undefined): string | undefined {
  const first = [...instants].sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  if (!first) return undefined;
  return weekStart((tz ? dayjs(first).tz(tz) : dayjs(first)).format('YYYY-MM-DD'));
}

/**
 * A colour per course, the same on every visit: a dark shade of a palette (white text on it reads
 * above 4.5:1), picked by a hash of the course's id.
 */
const COURSE_COLOURS = ['#1d4e89', '#7a3b69', '#2e6b3f', '#8a4b2a', '#5b4a9e', '#0e6470', '#9c2f2f', '#4d5a1f'];
export function courseColour(courseId: string): string {
  let hash = 0;
  for (const char of courseId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COURSE_COLOURS[hash % COURSE_COLOURS.length] ?? COURSE_COLOURS[0]!;
}

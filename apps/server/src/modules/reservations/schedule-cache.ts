import type { Locale } from '@studio/contract/locale';
import { reservationCalls } from '@studio/contract/reservations';
import { MAX_SCHEDULE_DAYS, type MySessionStatus, type SessionRecord } from '@studio/contract/schedule';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DAY } from '../../platform/clock';
import { type Db, instant, preparedQuery, writeGeneration } from '../../platform/db';
import { fail } from '../../platform/errors';
import { SerializedAnswer, serializeAnswer } from '../../platform/serialized-answer';
import { getMerchant, selectOnStudioRow } from '../merchant';
import * as schedule from '../schedule';
import { reservations, waitlistEntries } from './schema';

// The week's schedule, shared by every reader -----------------------------------------------------
// client/course.pub_getSchedule is the busiest read: a week is 100 session records (46 KB), the
// same for everyone but for each member's own status. Built, checked and serialized once, it is
// served from memory; what can change it is checked for EVERY read by one small statement (the
// "stamp", read after the read arrived; reads arriving together share one), so a change committed anywhere — a booking on another instance, a cancellation, a
// promotion from the waitlist, a session edited or called off, a capacity change, a course renamed —
// shows on the very next read, on every instance, with no message to lose:
//
// - class_sessions of the range: count and the sum of the rows' xmin. Every UPDATE writes a new row
//   version carrying the writing transaction's id, so any change of a session row (booked_count,
//   capacity, status, times, teacher...) changes the sum; a row lock (FOR UPDATE) does not.
// - waiting waitlist entries, of the whole studio: count and xmin sum (waitlist_count). Only
//   future full classes have any, so this is cheaper than finding those of the range (100 index
//   probes), and a waitlist change elsewhere costing one rebuild is rare next to reads.
// - courses, rooms, teacher profiles: count and xmin sum (the names the records carry).
// - the studio's timezone (it decides where a date starts) and its row version (its default
//   language decides the fallback of every localized text).
//
// The statement also reads the viewers' own reservations and waiting entries in the range, so a
// logged-in read is still one round trip. The stamp is read before the records are built: a change
// between the two leaves a newer entry under an older stamp, which the next read replaces.
// waitlist_count and "waiting" depend on the clock (none once the class started), so an entry also
// ends at the first start after it was built.

const MAX_ENTRIES = 64;
/** Stamps kept per range and viewer on the embedded database. */
const MAX_STAMPS = 10_000;
const MARK = '\u0001my_status\u0001';

interface Stamp {
  timezone: string;
  studioVersion: string;
  version: string;
  /** `<viewer> <session>` for each viewer of the batch and each of their active reservations in the range. */
  registered: string[];
  /** The same for their waiting entries of sessions not started yet. */
  waiting: string[];
}

// The stamp: the studio row and the schedule's rows through their modules' services, the waiting
// entries and the viewers' own statuses from this module's tables, in one statement.
const stampStatement = preparedQuery('schedule_stamp', (db) => {
  const p = (name: string) => sql.placeholder(name);
  const from = instant(p('from'));
  const to = instant(p('to'));
  const now = instant(p('now'));
  const viewers = sql`${p('viewers')}::text[]`;
  return selectOnStudioRow(db, {
    version: sql<string>`concat_ws('/', ${schedule.scheduleRowsVersion(from, to)},
      (select count(*) || ':' || coalesce(sum(w.xmin::text::bigint), 0) from ${waitlistEntries} w where w.status = 'waiting'))`,
    registered: sql<string[]>`case when cardinality(${viewers}) = 0 then '{}'::text[] else array(
      select r.user_id || ' ' || r.session_id from ${reservations} r
      where r.user_id = any(${viewers}) and r.status <> 'cancelled' and ${schedule.sessionStartsIn(sql`r.session_id`, from, to)}) end`,
    waiting: sql<string[]>`case when cardinality(${viewers}) = 0 then '{}'::text[] else array(
      select w.user_id || ' ' || w.session_id from ${waitlistEntries} w
      where w.user_id = any(${viewers}) and w.status = 'waiting' and ${schedule.sessionStartsIn(sql`w.session_id`, from, to, now)}) end`,
  });
});

/**
 * Stamps are read in batches, one lane per range: a read joins the batch that starts next, whose one
 * statement reads the stamp and the statuses of every viewer in it. The statement already running
 * when a read arrives is never shared with it (it may predate a change committed just before the
 * read), so every read still sees a stamp read after it arrived; concurrent reads share one.
 */
interface Batch<S> {
  from: Date;
  to: Date;
  now: Date;
  viewers: Set<string>;
  stamp: Promise<S>;
  settle(result: Promise<S>): void;
}

interface Lane<S> {
  running: boolean;
  next: Batch<S> | null;
}

export interface StampQuery {
  from: Date;
  to: Date;
  now: Date;
  viewers: string[];
}

/** One stamp statement for a batch. */
async function readStampStatement(db: Db, q: StampQuery): Promise<Stamp | undefined> {
  const [row] = (await stampStatement(db, {
    merchant: 'default',
    from: q.from.toISOString(),
    to: q.to.toISOString(),
    now: q.now.toISOString(),
    viewers: q.viewers,
  })) as Stamp[];
  return row;
}

/** Joins a read to the next batch of its range (see Batch); `readStamp` runs one batch's statement. */
export function stampBatches<S>(readStamp: (q: StampQuery) => Promise<S>) {
  const lanes = new Map<string, Lane<S>>();
  const newBatch = (from: Date, to: Date, now: Date): Batch<S> => {
    let settle!: Batch<S>['settle'];
    const stamp = new Promise<S>((resolve) => {
      settle = resolve;
    });
    return { from, to, now, viewers: new Set(), stamp, settle };
  };
  const run = (key: string, lane: Lane<S>) => {
    const batch = lane.next!;
    lane.next = null;
    lane.running = true;
    const read = readStamp({ from: batch.from, to: batch.to, now: batch.now, viewers: [...batch.viewers] });
    batch.settle(read);
    void read
      .catch(() => undefined)
      .finally(() => {
        lane.running = false;
        if (lane.next) run(key, lane);
        else lanes.delete(key);
      });
  };
  return (from: Date, to: Date, now: Date, viewerId: string | null): Promise<S> => {
    const key = `${from.getTime()}|${to.getTime()}`;
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: false, next: null };
      lanes.set(key, lane);
    }
    lane.next ??= newBatch(from, to, now);
    const batch = lane.next;
    // The latest clock of the batch: a waiting entry of a class started meanwhile no longer counts.
    if (now.getTime() > batch.now.getTime()) batch.now = now;
    if (viewerId) batch.viewers.add(viewerId);
    if (!lane.running) run(key, lane);
    return batch.stamp;
  };
}

/** The viewer's sessions in a stamp's list (`<viewer> <session>`). */
function sessionsOf(pairs: string[], viewerId: string): Set<string> {
  const prefix = `${viewerId} `;
  return new Set(pairs.filter((pair) => pair.startsWith(prefix)).map((pair) => pair.slice(prefix.length)));
}

interface Entry {
  version: string;
  builtAt: number;
  /** The first start of a session after builtAt: its waitlist count and "waiting" change then. */
  validUntil: number;
  /** The anonymous answer ("rows":[...]). */
  anonymous: string;
  ids: string[];
  /** Each record's JSON cut at its my_status value. */
  parts: [string, string][];
}

type Input = z.output<typeof reservationCalls.getSchedule.input>;

export interface ScheduleCache {
  /** The schedule answer for `input` as `viewerId` sees it at `now`. */
  read(input: Input, viewerId: string | null, now: Date, locale: Locale): Promise<SerializedAnswer>;
  /** How many reads were answered from memory / built / read a stamp (tests, the bench). */
  readonly stats: { hits: number; builds: number; stamps: number };
}

/**
 * One cache per database handle (as prepared statements are), so two apps in one process on two
 * databases never share entries; instances on one database may, since every read checks the stamp.
 */
const caches = new WeakMap<Db, ScheduleCache>();

export function scheduleCache(db: Db, build: ScheduleBuilder): ScheduleCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createScheduleCache(db, build);
    caches.set(db, cache);
  }
  return cache;
}

/** The uncached read: the records for the input as an anonymous viewer sees them at `now`. */
export type ScheduleBuilder = (db: Db, input: Input, now: Date, locale: Locale) => Promise<SessionRecord[]>;

function createScheduleCache(db: Db, buildRecords: ScheduleBuilder): ScheduleCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  const stats = { hits: 0, builds: 0, stamps: 0 };
  /** PGlite only: the last stamp per range and viewer, with the write generation seen before it was read. */
  const stamps = new Map<string, { generation: number; stamp: Stamp | undefined; at: number; until: number }>();
  let timezone: string | null = null;
  const readStamp = stampBatches((q) => readStampStatement(db, q));

  const build = async (key: string, version: string, input: Input, now: Date, locale: Locale): Promise<Entry> => {
    stats.builds += 1;
    const records = await buildRecords(db, input, now, locale);
    const anonymous = serializeAnswer(reservationCalls.getSchedule, { rows: records });
    // The checked records again, each with a mark where the viewer's status goes.
    const checked = reservationCalls.getSchedule.output.parse({ rows: records }).rows;
    const parts = checked.map((r) => {
      const [before, after] = JSON.stringify({ ...r, my_status: MARK }).split(JSON.stringify(MARK));
      return [before!, after!] as [string, string];
    });
    const t = now.getTime();
    const nextStart = Math.min(
      ...checked.map((r) => Date.parse(r.starts_at)).filter((s) => s > t),
      Number.POSITIVE_INFINITY,
    );
    const entry = { version, builtAt: t, validUntil: nextStart, anonymous, ids: checked.map((r) => r._id), parts };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry;
  };

  const read = async (input: Input, viewerId: string | null, now: Date, locale: Locale): Promise<SerializedAnswer> => {
    timezone ??= (await getMerchant(db)).timezone;
    const tz = timezone;
    const { from, to } = schedule.resolveRange(input.date_from, input.date_to, tz);
    if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > MAX_SCHEDULE_DAYS * DAY) {
      // A range the read refuses: the uncached read names what is wrong with it (its own error).
      await buildRecords(db, input, now, locale);
      fail('TIME_RANGE_INVALID');
    }
    // On the embedded database nothing changed while its write generation stands still: the stamp
    // read last for this range and viewer still holds, until a class of the answer starts.
    const generation = writeGeneration(db);
    const stampKey = `${from.getTime()}|${to.getTime()}|${viewerId ?? ''}`;
    const known = stamps.get(stampKey);
    const t = now.getTime();
    const stampHolds =
      known && generation !== undefined && known.generation === generation && t >= known.at && t < known.until;
    if (!stampHolds) stats.stamps += 1;
    const stamp = stampHolds ? known.stamp : await readStamp(from, to, now, viewerId);
    // The studio moved to another timezone (or has no row yet): resolve the dates again.
    if (!stamp || stamp.timezone !== tz) {
      timezone = stamp?.timezone ?? null;
      if (stamp) return read(input, viewerId, now, locale);
    }
    const version = stamp ? `${stamp.studioVersion}/${stamp.version}` : '';
    const key = JSON.stringify([
      tz,
      locale,
      from.getTime(),
      to.getTime(),
      input.course_id,
      input.teacher_id,
      input.room_id,
    ]);
    let entry = entries.get(key);
    if (!entry || entry.version !== version || t < entry.builtAt || t >= entry.validUntil) {
      const flight = `${key}|${version}`;
      let pending = building.get(flight);
      if (!pending) {
        pending = build(key, version, input, now, locale).finally(() => building.delete(flight));
        building.set(flight, pending);
      }
      entry = await pending;
    } else {
      stats.hits += 1;
    }
    if (generation !== undefined && !stampHolds) {
      if (stamps.size >= MAX_STAMPS) stamps.delete(stamps.keys().next().value!);
      stamps.set(stampKey, { generation, stamp, at: t, until: entry.validUntil });
    }
    if (!viewerId) return new SerializedAnswer(entry.anonymous);
    const registered = sessionsOf(stamp?.registered ?? [], viewerId);
    const waiting = sessionsOf(stamp?.waiting ?? [], viewerId);
    const rows = entry.parts.map(([before, after], i) => {
      const id = entry.ids[i]!;
      const status: MySessionStatus = registered.has(id) ? 'registered' : waiting.has(id) ? 'waiting' : 'none';
      return `${before}"${status}"${after}`;
    });
    return new SerializedAnswer(`"rows":[${rows.join(',')}]`);
  };

  return { read, stats };
}

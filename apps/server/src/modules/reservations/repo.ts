import type { ReservationStatus } from '@studio/contract/flow';
import type { DeskMethod } from '@studio/contract/payments';
import type { MySessionStatus } from '@studio/contract/schedule';
import { and, asc, count, desc, eq, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { batchedLookup } from '../../platform/batch';
import { type Db, type DbOrTx, isAnyOf, instant as iso, preparedQuery, type Tx } from '../../platform/db';
import { offsetOf } from '../../platform/paging';
import { pgCode } from '../../platform/unit-of-work';
import { memberNames } from '../account';
import * as packages from '../packages';
import * as schedule from '../schedule';
import { reservations, waitlistEntries } from './schema';

export type ReservationRow = typeof reservations.$inferSelect;

// The booking read model ------------------------------------------------------------------------
// Session lists are the schedule's statement (schedule.selectSessions) with this module's counts
// added as correlated subqueries on indexed columns: a week of 100 sessions is one round trip, not
// 1 + 2N. Reads by class time join the schedule's sessionTimes subquery. No table of another
// module is named here.

/** Waiting entries of the session that still count: none once the class has started. */
function waitlistCountColumn(s: schedule.SessionRef, now: Date | Placeholder) {
  return sql<number>`(select count(*)::int from ${waitlistEntries} where ${waitlistEntries.sessionId} = ${s.id} and ${waitlistEntries.status} = 'waiting' and ${s.startsAt} > ${iso(now)})`;
}

function myStatusColumn(s: schedule.SessionRef, userId: string | Placeholder | null, now: Date | Placeholder) {
  if (!userId) return sql<MySessionStatus>`'none'`;
  return sql<MySessionStatus>`case
    when exists (select 1 from ${reservations} where ${reservations.sessionId} = ${s.id} and ${reservations.userId} = ${userId} and ${reservations.status} <> 'cancelled') then 'registered'
    when ${s.startsAt} > ${iso(now)} and exists (select 1 from ${waitlistEntries} where ${waitlistEntries.sessionId} = ${s.id} and ${waitlistEntries.userId} = ${userId} and ${waitlistEntries.status} = 'waiting') then 'waiting'
    else 'none' end`;
}

export type SessionViewRow = schedule.SessionJoinedRow & { waitlistCount: number; myStatus: MySessionStatus };

export interface SessionQuery {
  where: SQL | undefined;
  viewerId: string | null;
  now: Date;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export async function sessionViews(db: DbOrTx, q: SessionQuery): Promise<SessionViewRow[]> {
  const query = schedule
    .selectSessions(db, (s) => ({
      waitlistCount: waitlistCountColumn(s, q.now),
      myStatus: myStatusColumn(s, q.viewerId, q.now),
    }))
    .where(q.where)
    .orderBy(q.order === 'desc' ? schedule.sessionOrder.desc : schedule.sessionOrder.asc, schedule.sessionIdOrder);
  if (q.limit !== undefined) return query.limit(q.limit).offset(q.offset ?? 0);
  return query;
}

/** client/course.pub_getSchedule, the busiest read: prepared once per pool, anonymous and per viewer. */
const scheduleStatements = [false, true].map((withViewer) =>
  preparedQuery(withViewer ? 'schedule_for_viewer' : 'schedule', (db) => {
    const p = (name: string) => sql.placeholder(name);
    return schedule
      .selectSessions(db, (s) => ({
        waitlistCount: waitlistCountColumn(s, p('now')),
        myStatus: myStatusColumn(s, withViewer ? p('viewer') : null, p('now')),
      }))
      .where(schedule.scheduleRangeWhere(p))
      .orderBy(schedule.sessionOrder.asc, schedule.sessionIdOrder);
  }),
);

/** Sessions by id with the viewer's status (none when null), prepared: a booking's answer, a session's page, a list's records. */
const sessionViewsByIdStatement = preparedQuery('session_views_by_id', (db) =>
  schedule
    .selectSessions(db, (s) => ({
      waitlistCount: waitlistCountColumn(s, sql.placeholder('now')),
      myStatus: myStatusColumn(s, sql.placeholder('viewer'), sql.placeholder('now')),
    }))
    .where(schedule.sessionIsAnyOf(sql.placeholder('ids'))),
);

/**
 * One session by id: the booking's answer and a session's page. Measured: answering a booking through
 * the `= any($ids)` statement below cost 0.1 ms more server CPU and a third of the bookings per second.
 */
const sessionViewStatement = preparedQuery('session_view', (db) =>
  schedule
    .selectSessions(db, (s) => ({
      waitlistCount: waitlistCountColumn(s, sql.placeholder('now')),
      myStatus: myStatusColumn(s, sql.placeholder('viewer'), sql.placeholder('now')),
    }))
    .where(schedule.sessionIs(sql.placeholder('session')))
    .limit(1),
);

export function sessionViewsById(
  db: DbOrTx,
  ids: readonly string[],
  viewerId: string | null,
  now: Date,
): Promise<SessionViewRow[]> {
  if (ids.length === 1) {
    return sessionViewStatement(db, { session: ids[0], viewer: viewerId, now: now.toISOString() }) as Promise<
      SessionViewRow[]
    >;
  }
  return sessionViewsByIdStatement(db, {
    ids: [...ids],
    viewer: viewerId,
    now: now.toISOString(),
  }) as Promise<SessionViewRow[]>;
}

/**
 * Which of `users` hold a seat in, or wait for, which of `sessions` (`<user> <session>` pairs): many
 * viewers' statuses at once. Waiting counts only before the class starts (myStatusColumn), which
 * the caller's sessions have not.
 */
const viewerPlacesStatement = preparedQuery('viewer_places', (db) => {
  const sessions = sql.placeholder('sessions');
  const users = sql.placeholder('users');
  return db
    .select({ pair: sql<string>`${reservations.userId} || ' ' || ${reservations.sessionId}` })
    .from(reservations)
    .where(
      and(
        isAnyOf(reservations.sessionId, sessions),
        isAnyOf(reservations.userId, users),
        ne(reservations.status, 'cancelled'),
      ),
    )
    .union(
      db
        .select({ pair: sql<string>`${waitlistEntries.userId} || ' ' || ${waitlistEntries.sessionId}` })
        .from(waitlistEntries)
        .where(
          and(
            isAnyOf(waitlistEntries.sessionId, sessions),
            isAnyOf(waitlistEntries.userId, users),
            eq(waitlistEntries.status, 'waiting'),
          ),
        ),
    );
});

/** Of future sessions, the `<user> <session>` pairs where the user is registered or waiting. */
export async function viewerPlaces(db: DbOrTx, sessionIds: string[], userIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0 || userIds.length === 0) return new Set();
  const rows = await viewerPlacesStatement(db, { sessions: sessionIds, users: userIds });
  return new Set(rows.map((row) => row.pair));
}

export interface ScheduleFilter {
  from: Date;
  to: Date;
  courseId?: string;
  teacherId?: string;
  roomId?: string;
}

/** The sessions starting in [from, to), filtered, with the viewer's status: what sessionViews answers, prepared. */
export function scheduleViews(db: DbOrTx, f: ScheduleFilter, viewerId: string | null, now: Date) {
  return scheduleStatements[viewerId ? 1 : 0]!(db, {
    from: f.from.toISOString(),
    to: f.to.toISOString(),
    now: now.toISOString(),
    viewer: viewerId,
    course: f.courseId ?? null,
    teacher: f.teacherId ?? null,
    room: f.roomId ?? null,
  }) as Promise<SessionViewRow[]>;
}

// Reservations -----------------------------------------------------------------------------------

export async function findReservation(db: DbOrTx, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  return row;
}

export async function lockReservation(tx: Tx, id: string): Promise<ReservationRow | undefined> {
  const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).limit(1).for('update');
  return row;
}

export async function findReservationByCode(db: DbOrTx, code: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.code, code)).limit(1);
  return row;
}

const peekStatement = preparedQuery('peek_sessions_for_members', (db) =>
  schedule
    .selectSessionRows(db, (s) => ({
      bookedBy: sql<
        string[]
      >`array(select ${reservations.userId} from ${reservations} where ${reservations.sessionId} = ${s.id} and ${isAnyOf(reservations.userId, sql.placeholder('users'))} and ${reservations.status} <> 'cancelled')`,
    }))
    .where(schedule.sessionIsAnyOf(sql.placeholder('sessions'))),
);

/**
 * The session as it stands and whether the member already holds a seat in it, in one read (no
 * lock). The bookings that arrive together (a rush on a class) share one statement.
 */
export const peekSessionForMember = batchedLookup(async (db, keys: readonly { session: string; user: string }[]) => {
  const rows = await peekStatement(db, {
    sessions: [...new Set(keys.map((k) => k.session))],
    users: [...new Set(keys.map((k) => k.user))],
  });
  const bySession = new Map(rows.map((row) => [row.session.id, row]));
  return keys.map((key) => {
    const row = bySession.get(key.session);
    return row && { session: row.session, alreadyBooked: row.bookedBy.includes(key.user) };
  });
});

export async function findActiveReservation(
  db: DbOrTx,
  sessionId: string,
  userId: string,
): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservations)
    .where(
      and(eq(reservations.sessionId, sessionId), eq(reservations.userId, userId), ne(reservations.status, 'cancelled')),
    )
    .limit(1);
  return row;
}

/**
 * Inserts unless a unique index objects (an active reservation of the member for the session, or
 * the code taken): answers undefined then, without aborting the transaction as an error would.
 */
export async function insertReservation(tx: Tx, values: NewReservation): Promise<ReservationRow | undefined> {
  const [row] = await insertReservationStatement(tx, {
    ...values,
    createdAt: values.createdAt.toISOString(),
  });
  return row;
}

/**
 * A whole booking in one statement, no transaction around it: takes the seat (schedule: the session
 * still scheduled, starting at `startsAt`, a seat free; its row locked first), then one credit of the
 * member's first payable package (packages), completes the member's waiting entry and inserts the
 * reservation. It books, changes nothing (no seat: a full class, the rush's common case) or raises:
 * with a seat but no credit the reservation's package is null, which the table refuses, and a taken
 * place or code breaks its unique index; either way nothing of it stays. Each module's part is its own statement (seatTaking, firstCreditTaking); the
 * parts run in the order they read each other's answers, the global lock order.
 */
const bookAtOnceStatement = preparedQuery('book_at_once', (db) => {
  const p = (name: string) => sql.placeholder(name);
  const seat = db
    .$with('seat', {})
    .as(schedule.seatTaking(db, { id: p('session'), now: p('now'), startsAt: p('startsAt') }).getSQL());
  const credit = db.$with('credit', {}).as(
    packages
      .firstCreditTaking(db, {
        user: p('user'),
        only: sql`${p('only')}::text`,
        startsAt: iso(p('startsAt')),
        course: sql`(select course_id from seat)`,
        goods: sql`(select accepted_goods_ids from seat)::text[]`,
        now: p('now'),
        onlyIf: sql`exists (select 1 from seat)`,
      })
      .getSQL(),
  );
  const completed = db.$with('completed', {}).as(
    db
      .update(waitlistEntries)
      .set({ status: 'completed', reservationId: sql`${p('id')}::text`, updatedAt: iso(p('now')) })
      .where(
        and(
          eq(waitlistEntries.sessionId, p('session')),
          eq(waitlistEntries.userId, p('user')),
          eq(waitlistEntries.status, 'waiting'),
          sql`exists (select 1 from credit)`,
        ),
      )
      .getSQL(),
  );
  // One row per seat taken (none when the session is full: nothing happened, no error), in the
  // table's column order.
  return db
    .with(seat, credit, completed)
    .insert(reservations)
    .select(
      sql`select ${p('id')}::text, seat.id, ${p('user')}::text, (select id from credit), null, null, null, 'registered',
        ${p('code')}::text, null, null, null, null, false, ${iso(p('now'))}, ${iso(p('now'))}, null from seat`,
    )
    .returning();
});

/** Integrity refusals (23: a null, a unique index) and a deadlock or serialization failure (40). */
const REFUSED = /^(23|40)/;

/**
 * Books in one statement (bookAtOnceStatement) when nothing stands in the way: the reservation, or
 * undefined when the statement refused (no seat, no credit, already booked, a race): the caller then
 * books through the transaction that says why.
 */
export async function bookAtOnce(
  db: Db,
  values: Pick<NewReservation, 'id' | 'sessionId' | 'userId' | 'code' | 'createdAt'> & {
    packageId: string | undefined;
    startsAt: Date;
  },
): Promise<ReservationRow | undefined> {
  try {
    const [row] = await bookAtOnceStatement(db, {
      id: values.id,
      session: values.sessionId,
      user: values.userId,
      only: values.packageId ?? null,
      code: values.code,
      startsAt: values.startsAt.toISOString(),
      now: values.createdAt.toISOString(),
    });
    return row;
  } catch (error) {
    if (REFUSED.test(pgCode(error) ?? '')) return undefined;
    throw error;
  }
}

/** A new reservation: registered, created (and last updated) at `createdAt`. */
export interface NewReservation {
  id: string;
  sessionId: string;
  userId: string;
  /** Null for a drop-in (dropInAmount and dropInMethod). */
  packageId: string | null;
  dropInAmount: number | null;
  dropInMethod: DeskMethod | null;
  bookedBy: string | null;
  code: string;
  fromWaitlist: boolean;
  createdAt: Date;
}

const insertReservationStatement = preparedQuery('insert_reservation', (db) => {
  const createdAt = iso(sql.placeholder('createdAt'));
  return db
    .insert(reservations)
    .values({
      id: sql.placeholder('id'),
      sessionId: sql.placeholder('sessionId'),
      userId: sql.placeholder('userId'),
      packageId: sql.placeholder('packageId'),
      dropInAmount: sql.placeholder('dropInAmount'),
      dropInMethod: sql.placeholder('dropInMethod'),
      bookedBy: sql.placeholder('bookedBy'),
      status: 'registered',
      code: sql.placeholder('code'),
      fromWaitlist: sql.placeholder('fromWaitlist'),
      createdAt,
      updatedAt: createdAt,
    })
    .onConflictDoNothing()
    .returning();
});

export async function updateReservation(
  tx: Tx,
  id: string,
  changes: Partial<typeof reservations.$inferInsert>,
): Promise<ReservationRow> {
  const [row] = await tx.update(reservations).set(changes).where(eq(reservations.id, id)).returning();
  return row!;
}

/** Registered reservations of a session, in package-id order (a fixed lock order for credit returns). */
export function registeredOfSession(tx: Tx, sessionId: string): Promise<ReservationRow[]> {
  return tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'registered')))
    .orderBy(asc(reservations.packageId), asc(reservations.id))
    .for('update');
}

/** A reservation's status as seen now: registered past the class end reads as done (no sweep needed). */
function effectiveReservationStatusSql(s: schedule.SessionRef, now: Date) {
  return sql<ReservationStatus>`case when ${reservations.status} = 'registered' and ${s.endsAt} <= ${iso(now)} then 'done' else ${reservations.status} end`;
}

export async function reservationsOfUser(
  db: DbOrTx,
  userId: string,
  filter: { status?: ReservationStatus; now: Date },
  page: { pageIndex: number; pageSize: number },
) {
  const session = schedule.sessionTimes(db);
  const where = and(
    eq(reservations.userId, userId),
    filter.status ? sql`${effectiveReservationStatusSql(session, filter.now)} = ${filter.status}` : undefined,
  );
  // Upcoming bookings read soonest first; history (done, cancelled, everything) newest first.
  const order = filter.status === 'registered' ? asc(session.startsAt) : desc(session.startsAt);
  const rows = await db
    .select({ reservation: reservations })
    .from(reservations)
    .innerJoin(session, eq(session.id, reservations.sessionId))
    .where(where)
    .orderBy(order, desc(reservations.createdAt), asc(reservations.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  // Every reservation has its session (a foreign key): without a status to read from the session's
  // times the count needs no join, and reads the member's entries of reservations_user_idx alone.
  const counted = db.select({ n: count() }).from(reservations);
  const [total] = await (filter.status
    ? counted.innerJoin(session, eq(session.id, reservations.sessionId)).where(where)
    : counted.where(where));
  return { rows: rows.map((r) => r.reservation), total: total?.n ?? 0 };
}

// Roster -----------------------------------------------------------------------------------------
// Names and avatars are joined from the account module's memberNames subquery in the same statement.

const memberColumns = (member: ReturnType<typeof memberNames>) => ({
  memberId: member.id,
  nickname: member.nickname,
  username: member.username,
  avatar: member.avatar,
});

export function rosterReservations(db: DbOrTx, sessionId: string) {
  const member = memberNames(db);
  return db
    .select({ reservation: reservations, ...memberColumns(member) })
    .from(reservations)
    .innerJoin(member, eq(member.id, reservations.userId))
    .where(and(eq(reservations.sessionId, sessionId), ne(reservations.status, 'cancelled')))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
}

export function rosterWaitlist(db: DbOrTx, sessionId: string) {
  const member = memberNames(db);
  return db
    .select({ entry: waitlistEntries, ...memberColumns(member) })
    .from(waitlistEntries)
    .innerJoin(member, eq(member.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.seq));
}

/** How many members are checked in, per session (sessions nobody checked in to are absent). */
export async function checkedInCounts(db: DbOrTx, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: reservations.sessionId, n: count() })
    .from(reservations)
    .where(
      and(
        inArray(reservations.sessionId, sessionIds),
        ne(reservations.status, 'cancelled'),
        sql`${reservations.checkedInAt} is not null`,
      ),
    )
    .groupBy(reservations.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r.n]));
}

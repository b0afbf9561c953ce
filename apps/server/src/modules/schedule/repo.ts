import type { SessionStatus } from '@studio/contract/flow';
import type { LocalizedText } from '@studio/contract/localized-text';
import type { CourseLevel } from '@studio/contract/schedule';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type DbOrTx, instant, preparedQuery, type Tx } from '../../platform/db';
import { containsPattern, offsetOf, orderOf, type Page } from '../../platform/paging';
import { rowsVersion } from '../../platform/rows-version';
import { type SessionRef, sessionRef } from './read-model';
import { classSessions, courses, rooms, teacherProfiles } from './schema';

export type CourseRow = typeof courses.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type TeacherRow = typeof teacherProfiles.$inferSelect;
export type SessionRow = typeof classSessions.$inferSelect;

export type { Page };

// Courses ----------------------------------------------------------------------------------------

export async function findCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

export async function upsertCourse(db: DbOrTx, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const { id: _id, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(courses)
    .values(values)
    .onConflictDoUpdate({ target: courses.id, set: changes })
    .returning();
  return row!;
}

export async function listCourses(
  db: DbOrTx,
  filter: { keyword?: string; activeOnly?: boolean; active?: boolean },
  page?: Page & { sort?: string; order?: 'asc' | 'desc' },
) {
  const where = and(
    filter.keyword ? ilike(courses.name, containsPattern(filter.keyword)) : undefined,
    filter.activeOnly ? eq(courses.active, true) : undefined,
    filter.active === undefined ? undefined : eq(courses.active, filter.active),
  );
  const query = db
    .select()
    .from(courses)
    .where(where)
    .orderBy(
      ...orderOf(
        {
          name: courses.name,
          duration_min: courses.durationMin,
          default_capacity: courses.defaultCapacity,
          created_at: courses.createdAt,
        },
        page,
        [courses.name, courses.id],
      ),
    );
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  return { rows, total: total?.n ?? 0 };
}

// Rooms ------------------------------------------------------------------------------------------

export async function findRoom(db: DbOrTx, id: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
  return row;
}

export type NewRoom = typeof rooms.$inferInsert;

export async function insertRoomIfAbsent(db: DbOrTx, values: NewRoom): Promise<RoomRow | undefined> {
  const [row] = await db.insert(rooms).values(values).onConflictDoNothing().returning();
  return row;
}

export async function upsertRoom(db: DbOrTx, values: typeof rooms.$inferInsert): Promise<RoomRow> {
  const { id: _id, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(rooms)
    .values(values)
    .onConflictDoUpdate({ target: rooms.id, set: changes })
    .returning();
  return row!;
}

export async function listRooms(
  db: DbOrTx,
  filter: { keyword?: string; activeOnly?: boolean; active?: boolean },
  page?: Page & { sort?: string; order?: 'asc' | 'desc' },
) {
  const where = and(
    filter.keyword ? ilike(rooms.name, containsPattern(filter.keyword)) : undefined,
    filter.activeOnly ? eq(rooms.active, true) : undefined,
    filter.active === undefined ? undefined : eq(rooms.active, filter.active),
  );
  const query = db
    .select()
    .from(rooms)
    .where(where)
    .orderBy(
      ...orderOf({ name: rooms.name, capacity: rooms.capacity, created_at: rooms.createdAt }, page, [
        rooms.name,
        rooms.id,
      ]),
    );
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  const [total] = await db.select({ n: count() }).from(rooms).where(where);
  return { rows, total: total?.n ?? 0 };
}

// Teachers ---------------------------------------------------------------------------------------

export async function findTeacher(db: DbOrTx, userId: string): Promise<TeacherRow | undefined> {
  const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.userId, userId)).limit(1);
  return row;
}

export async function upsertTeacher(db: DbOrTx, values: typeof teacherProfiles.$inferInsert): Promise<TeacherRow> {
  const { userId: _userId, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(teacherProfiles)
    .values(values)
    .onConflictDoUpdate({ target: teacherProfiles.userId, set: changes })
    .returning();
  return row!;
}

export async function listTeachers(
  db: DbOrTx,
  filter: { keyword?: string; activeOnly?: boolean; active?: boolean },
  page?: Page & { sort?: string; order?: 'asc' | 'desc' },
) {
  const where = and(
    filter.keyword ? ilike(teacherProfiles.displayName, containsPattern(filter.keyword)) : undefined,
    filter.activeOnly ? eq(teacherProfiles.active, true) : undefined,
    filter.active === undefined ? undefined : eq(teacherProfiles.active, filter.active),
  );
  const query = db
    .select()
    .from(teacherProfiles)
    .where(where)
    .orderBy(
      ...orderOf({ name: teacherProfiles.displayName, created_at: teacherProfiles.createdAt }, page, [
        teacherProfiles.displayName,
        teacherProfiles.userId,
      ]),
    );
  const rows = page ? await query.limit(page.pageSize).offset(offsetOf(page)) : await query;
  const [total] = await db.select({ n: count() }).from(teacherProfiles).where(where);
  return { rows, total: total?.n ?? 0 };
}

// Sessions ---------------------------------------------------------------------------------------

export async function insertSessions(db: DbOrTx, values: (typeof classSessions.$inferInsert)[]): Promise<SessionRow[]> {
  if (values.length === 0) return [];
  return db.insert(classSessions).values(values).returning();
}

/** Scheduled sessions of this teacher or in this room that overlap [from, to), earliest first. */
export async function findClashes(
  db: DbOrTx,
  f: { teacherId: string; roomId: string; from: Date; to: Date },
): Promise<SessionRow[]> {
  return db
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.status, 'scheduled'),
        or(eq(classSessions.teacherId, f.teacherId), eq(classSessions.roomId, f.roomId)),
        lt(classSessions.startsAt, f.to),
        gt(classSessions.endsAt, f.from),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
}

/**
 * Serialises the creation of sessions for the rest of the transaction, so that two staff members
 * adding classes at once cannot both take the same teacher or room.
 */
export async function lockScheduleWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(classSessions).where(eq(classSessions.id, id)).limit(1);
  return row;
}

/**
 * Reads a session and locks its row until the transaction ends: every change of its seats (book,
 * cancel, promotion, waitlist) takes this lock first, so they happen one at a time per session.
 */
export async function lockSession(tx: Tx, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(classSessions).where(eq(classSessions.id, id)).limit(1).for('update');
  return row;
}

/**
 * The statement that takes one seat of a session with one free, locking its row: booked_count + 1,
 * answering the session's columns and what its course accepts (`accepted_goods_ids`). With
 * `startsAt`, only while the session is scheduled and still starts then (a booking whose other
 * rules were checked against that start).
 */
export function seatTaking(db: DbOrTx, p: { id: Placeholder; now: Placeholder; startsAt?: Placeholder }) {
  return db
    .update(classSessions)
    .set({ bookedCount: sql`${classSessions.bookedCount} + 1`, updatedAt: instant(p.now) })
    .from(courses)
    .where(
      and(
        eq(classSessions.id, p.id),
        eq(courses.id, classSessions.courseId),
        sql`${classSessions.bookedCount} < ${classSessions.capacity}`,
        p.startsAt ? eq(classSessions.status, 'scheduled') : undefined,
        p.startsAt ? sql`${classSessions.startsAt} = ${instant(p.startsAt)}` : undefined,
      ),
    )
    .returning({ ...getTableColumns(classSessions), acceptedGoodsIds: courses.acceptedGoodsIds });
}

const takeSeatStatement = preparedQuery('take_seat', (db) =>
  seatTaking(db, { id: sql.placeholder('id'), now: sql.placeholder('now') }),
);

/**
 * Takes one seat of a session that has one free, in one statement that also locks the session row
 * (as lockSession would): the session as it is after, with what its course accepts. Undefined when
 * the session is full or does not exist. The caller checks the rest of its rules on the answer and
 * aborts the transaction when they refuse.
 */
export async function takeSeat(
  tx: Tx,
  id: string,
  now: Date,
): Promise<{ session: SessionRow; course: { id: string; acceptedGoodsIds: string[] } } | undefined> {
  const [row] = await takeSeatStatement(tx, { id, now: now.toISOString() });
  if (!row) return undefined;
  const { acceptedGoodsIds, ...session } = row;
  return { session, course: { id: session.courseId, acceptedGoodsIds } };
}

/** Moves booked_count by `delta`; callers hold the session lock (the check constraint guards 0..capacity). */
export async function addBookedCount(tx: Tx, id: string, delta: number, now: Date): Promise<SessionRow> {
  const [row] = await tx
    .update(classSessions)
    .set({ bookedCount: sql`${classSessions.bookedCount} + ${delta}`, updatedAt: now })
    .where(eq(classSessions.id, id))
    .returning();
  return row!;
}

export async function updateSession(
  tx: Tx,
  id: string,
  changes: Partial<typeof classSessions.$inferInsert>,
): Promise<SessionRow> {
  const [row] = await tx.update(classSessions).set(changes).where(eq(classSessions.id, id)).returning();
  return row!;
}

/** Filters of session lists; times are already resolved to instants. */
export interface SessionFilter {
  from?: Date;
  /** Exclusive. */
  to?: Date;
  courseId?: string;
  teacherId?: string;
  roomId?: string;
  status?: SessionStatus;
}

export function sessionWhere(f: SessionFilter): SQL | undefined {
  return and(
    f.from ? gte(classSessions.startsAt, f.from) : undefined,
    f.to ? lt(classSessions.startsAt, f.to) : undefined,
    f.courseId ? eq(classSessions.courseId, f.courseId) : undefined,
    f.teacherId ? eq(classSessions.teacherId, f.teacherId) : undefined,
    f.roomId ? eq(classSessions.roomId, f.roomId) : undefined,
    f.status ? eq(classSessions.status, f.status) : undefined,
  );
}

/**
 * The columns of a session record that the schedule owns (course, teacher and room names joined in,
 * with their per-locale values, so a list is localized in memory from this one statement).
 */
export const sessionColumns = {
  id: classSessions.id,
  courseId: classSessions.courseId,
  courseName: courses.name,
  courseNameI18n: courses.nameI18n,
  courseLevel: courses.level,
  coverImage: courses.coverImage,
  teacherId: classSessions.teacherId,
  teacherName: teacherProfiles.displayName,
  teacherNameI18n: teacherProfiles.displayNameI18n,
  roomId: classSessions.roomId,
  roomName: rooms.name,
  roomNameI18n: rooms.nameI18n,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
  capacity: classSessions.capacity,
  bookedCount: classSessions.bookedCount,
  status: classSessions.status,
  cancelReason: classSessions.cancelReason,
};

export interface SessionJoinedRow {
  id: string;
  courseId: string;
  courseName: string;
  courseNameI18n: LocalizedText;
  courseLevel: CourseLevel;
  coverImage: string | null;
  teacherId: string;
  teacherName: string;
  teacherNameI18n: LocalizedText;
  roomId: string;
  roomName: string;
  roomNameI18n: LocalizedText;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  bookedCount: number;
  status: SessionStatus;
  cancelReason: string | null;
}

/**
 * Session rows with their names, plus any `extra` columns built on the session (the reservations
 * module adds waitlist counts and the caller's status as correlated subqueries): one statement for
 * a whole list.
 */
export function selectSessions<E extends Record<string, SQL.Aliased | SQL>>(
  db: DbOrTx,
  extra: (session: SessionRef) => E,
) {
  return db
    .select({ ...sessionColumns, ...extra(sessionRef) })
    .from(classSessions)
    .innerJoin(courses, eq(courses.id, classSessions.courseId))
    .innerJoin(rooms, eq(rooms.id, classSessions.roomId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, classSessions.teacherId));
}

export async function countSessions(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(classSessions).where(where);
  return row?.n ?? 0;
}

export const sessionOrder = { asc: asc(classSessions.startsAt), desc: desc(classSessions.startsAt) };
export const sessionIdOrder = asc(classSessions.id);

// Cache stamps -----------------------------------------------------------------------------------
// Read models that keep the schedule in memory (reservations/schedule-cache.ts) check on every read
// whether any of its rows changed: a row's xmin is the id of the transaction that wrote its current
// version, so count and xmin sum change with every committed insert, update or delete.

/** Courses' part of a cache stamp (the shop's package pages name the courses that accept them). */
export const coursesRowsVersion = (): SQL<string> => rowsVersion(sql`${courses}`, 'c');

/**
 * One text that changes whenever a session starting in [from, to) or any course, room or teacher
 * profile changes: the schedule's part of a cache stamp, a SQL expression to embed in one statement.
 */
export function scheduleRowsVersion(from: SQL, to: SQL): SQL<string> {
  return sql<string>`concat_ws('/',
    ${rowsVersion(sql`${classSessions}`, 's', sql`s.starts_at >= ${from} and s.starts_at < ${to}`)},
    ${rowsVersion(sql`${courses}`, 'c')},
    ${rowsVersion(sql`${rooms}`, 'r')},
    ${rowsVersion(sql`${teacherProfiles}`, 't')})`;
}

/** Whether the session `sessionId` (a SQL expression) starts in [from, to) and after `after`, if given. */
export function sessionStartsIn(sessionId: SQL, from: SQL, to: SQL, after?: SQL): SQL {
  return sql`exists (select 1 from ${classSessions} s where s.id = ${sessionId}
    and s.starts_at >= ${from} and s.starts_at < ${to}${after ? sql` and s.starts_at > ${after}` : sql``})`;
}

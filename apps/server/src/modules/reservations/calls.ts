import { inZone } from '@studio/contract/format';
import { adminReservationCalls, type Roster, reservationCalls } from '@studio/contract/reservations';
import { toCsv } from '../../platform/csv';
import { fail } from '../../platform/errors';
import { handle, handlePub } from '../../platform/protocol';
import { handlePubSerialized } from '../../platform/serialized-answer';
import { audited } from '../audit';
import { getMerchant } from '../merchant';
import * as schedule from '../schedule';
import * as reservationReads from './read-models';
import { type ScheduleBuilder, scheduleCache } from './schedule-cache';
import * as reservations from './service';

const buildSchedule: ScheduleBuilder = (db, input, now, locale) =>
  reservationReads.getSchedule(db, input, null, now, locale);

export const reservationHandlers = [
  // Served from a shared, serialized week checked on every read (schedule-cache.ts).
  handlePubSerialized(reservationCalls.getSchedule, (input, ctx) =>
    scheduleCache(ctx.db, buildSchedule).read(input, ctx.user?.uid ?? null, ctx.clock.now(), ctx.locale),
  ),
  handlePub(reservationCalls.getSessionDetail, (input, ctx) =>
    reservationReads.getSessionDetail(ctx.db, input._id, ctx.user?.uid ?? null, ctx.clock.now(), ctx.locale),
  ),
  handlePub(reservationCalls.getTeacher, async (input, ctx) => {
    const teacher = await schedule.findTeacher(ctx.db, input._id);
    if (!teacher?.active) return fail('NOT_FOUND');
    const sessions = await reservationReads.upcomingSessions(
      ctx.db,
      { teacherId: teacher.userId },
      ctx.user?.uid ?? null,
      ctx.clock.now(),
      ctx.locale,
    );
    return { teacher: schedule.toTeacherRecord(teacher, ctx.locale), sessions };
  }),
  handlePub(reservationCalls.getRoom, async (input, ctx) => {
    const room = await schedule.findRoom(ctx.db, input._id);
    if (!room?.active) return fail('NOT_FOUND');
    const sessions = await reservationReads.upcomingSessions(
      ctx.db,
      { roomId: room.id },
      ctx.user?.uid ?? null,
      ctx.clock.now(),
      ctx.locale,
    );
    return { room: schedule.toRoomRecord(room, ctx.locale), sessions };
  }),

  handle(reservationCalls.book, async (input, ctx) => ({
    reservation: await reservations.book(ctx, ctx.user.uid, input),
  })),
  handle(reservationCalls.cancelBooking, async (input, ctx) => ({
    reservation: await reservations.cancelBooking(ctx, {
      reservationId: input.reservation_id,
      by: 'member',
      userId: ctx.user.uid,
    }),
  })),
  handle(reservationCalls.joinWaitlist, async (input, ctx) => ({
    entry: await reservations.joinWaitlist(ctx, ctx.user.uid, input.session_id, input.package_id),
  })),
  handle(reservationCalls.leaveWaitlist, async (input, ctx) => ({
    entry: await reservations.leaveWaitlist(ctx, ctx.user.uid, input.entry_id),
  })),
  handle(reservationCalls.getMyReservations, (input, ctx) =>
    reservationReads.getMyReservations(ctx.db, ctx.user.uid, input, ctx.clock.now(), ctx.locale),
  ),
  handle(reservationCalls.getMyWaitlist, (input, ctx) =>
    reservationReads.getMyWaitlist(ctx.db, ctx.user.uid, input, ctx.clock.now(), ctx.locale),
  ),

  handle(adminReservationCalls.createSession, async (input, ctx) => {
    const now = ctx.clock.now();
    const row = await audited(ctx, {
      objectType: 'session',
      write: (tx) => schedule.createSession(tx, input, now),
      idOf: (session) => session.id,
    });
    return { session: await reservationReads.getSessionRecord(ctx.db, row.id, null, now, ctx.locale) };
  }),
  handle(adminReservationCalls.createSeries, async (input, ctx) => {
    const now = ctx.clock.now();
    const { seriesId, sessions } = await audited(ctx, {
      objectType: 'series',
      write: (tx) => schedule.createSeries(tx, input, now),
      idOf: (series) => series.seriesId,
    });
    const records = await reservationReads.sessionRecordsById(
      ctx.db,
      sessions.map((s) => s.id),
      null,
      now,
      ctx.locale,
    );
    return { series_id: seriesId, sessions: sessions.map((s) => records.get(s.id)!) };
  }),
  handle(adminReservationCalls.cancelSession, async (input, ctx) => ({
    session: await reservations.cancelSession(ctx, input._id, input.reason),
  })),
  handle(adminReservationCalls.getSessionList, (input, ctx) =>
    reservationReads.listSessions(ctx.db, input, ctx.clock.now(), ctx.locale),
  ),
  handle(adminReservationCalls.getRoster, (input, ctx) =>
    reservationReads.getRoster(ctx.db, input._id, ctx.clock.now(), ctx.locale),
  ),
  handle(adminReservationCalls.getListByUser, ({ user_id, ...input }, ctx) =>
    reservationReads.getMyReservations(ctx.db, user_id, input, ctx.clock.now(), ctx.locale),
  ),
  handle(adminReservationCalls.getWaitlistByUser, ({ user_id, ...input }, ctx) =>
    reservationReads.getMyWaitlist(ctx.db, user_id, input, ctx.clock.now(), ctx.locale),
  ),
  handle(adminReservationCalls.getCalendar, (input, ctx) =>
    reservationReads.calendarSessions(ctx.db, input, ctx.clock.now(), ctx.locale),
  ),
  handle(adminReservationCalls.updateSession, async (input, ctx) => ({
    session: await reservations.updateSessionCapacity(ctx, input._id, input.capacity),
  })),
  handle(adminReservationCalls.exportRoster, async (input, ctx) => {
    const roster = await reservationReads.getRoster(ctx.db, input._id, ctx.clock.now(), ctx.locale);
    return rosterCsv(roster, (await getMerchant(ctx.db)).timezone);
  }),
  handle(adminReservationCalls.checkIn, async (input, ctx) => ({
    reservation: await reservations.checkIn(ctx, input._id, ctx.user.uid),
  })),
  handle(adminReservationCalls.addToRoster, async (input, ctx) => ({
    reservation: await reservations.addToRoster(ctx, {
      sessionId: input.session_id,
      userId: input.user_id,
      pay: input.pay,
    }),
  })),
  handle(adminReservationCalls.getPayablePackages, async (input, ctx) => ({
    rows: await reservations.payablePackagesFor(ctx, input._id, input.user_id),
  })),
  handle(adminReservationCalls.cancelReservation, async (input, ctx) => ({
    reservation: await reservations.cancelBooking(ctx, { reservationId: input._id, by: 'staff' }),
  })),
];

/** A roster as a spreadsheet: who is booked (and checked in), then who waits, in order; times in the studio's zone. */
function rosterCsv(roster: Roster, tz: string): { filename: string; csv: string } {
  const at = (iso: string | null) => (iso ? inZone(iso, tz).format('YYYY-MM-DD HH:mm') : '');
  const { session } = roster;
  const csv = toCsv(
    ['member', 'member_id', 'status', 'booked_at', 'checked_in_at', 'waitlist_position'],
    [
      ...roster.rows.map((r) => [r.member.nickname, r.member._id, r.status, at(r.created_at), at(r.checked_in_at), '']),
      ...roster.waitlist.map((w) => [w.member.nickname, w.member._id, 'waiting', at(w.created_at), '', w.position]),
    ],
  );
  const day = inZone(session.starts_at, tz).format('YYYY-MM-DD-HHmm');
  const course = session.course_name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'class';
  return { filename: `roster-${day}-${course}.csv`, csv };
}

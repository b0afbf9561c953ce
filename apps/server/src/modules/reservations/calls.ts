import { adminClassCalls, courseCalls } from '@studio/contract/course';
import { fail } from '../../platform/errors';
import { handle, handlePub } from '../../platform/protocol';
import * as schedule from '../schedule/service';
import * as reservationReads from './read-models';
import * as reservations from './service';

export const reservationHandlers = [
  handlePub(courseCalls.getSchedule, async (input, ctx) => ({
    rows: await reservationReads.getSchedule(ctx.db, input, ctx.user?.uid ?? null, ctx.clock.now()),
  })),
  handlePub(courseCalls.getSessionDetail, (input, ctx) =>
    reservationReads.getSessionDetail(ctx.db, input._id, ctx.user?.uid ?? null, ctx.clock.now()),
  ),
  handlePub(courseCalls.getTeacher, async (input, ctx) => {
    const teacher = await schedule.findTeacher(ctx.db, input._id);
    if (!teacher?.active) return fail('NOT_FOUND');
    const sessions = await reservationReads.upcomingSessions(
      ctx.db,
      { teacherId: teacher.userId },
      ctx.user?.uid ?? null,
      ctx.clock.now(),
    );
    return { teacher: schedule.toTeacherRecord(teacher), sessions };
  }),
  handlePub(courseCalls.getRoom, async (input, ctx) => {
    const room = await schedule.findRoom(ctx.db, input._id);
    if (!room?.active) return fail('NOT_FOUND');
    const sessions = await reservationReads.upcomingSessions(
      ctx.db,
      { roomId: room.id },
      ctx.user?.uid ?? null,
      ctx.clock.now(),
    );
    return { room: schedule.toRoomRecord(room), sessions };
  }),

  handle(courseCalls.book, async (input, ctx) => ({
    reservation: await reservations.book(ctx, ctx.user.uid, input),
  })),
  handle(courseCalls.cancelBooking, async (input, ctx) => ({
    reservation: await reservations.cancelBooking(ctx, {
      reservationId: input.reservation_id,
      by: 'member',
      userId: ctx.user.uid,
    }),
  })),
  handle(courseCalls.joinWaitlist, async (input, ctx) => ({
    entry: await reservations.joinWaitlist(ctx, ctx.user.uid, input.session_id),
  })),
  handle(courseCalls.leaveWaitlist, async (input, ctx) => ({
    entry: await reservations.leaveWaitlist(ctx, ctx.user.uid, input.entry_id),
  })),
  handle(courseCalls.getMyReservations, (input, ctx) =>
    reservationReads.getMyReservations(ctx.db, ctx.user.uid, input, ctx.clock.now()),
  ),
  handle(courseCalls.getMyWaitlist, (input, ctx) =>
    reservationReads.getMyWaitlist(ctx.db, ctx.user.uid, input, ctx.clock.now()),
  ),

  handle(adminClassCalls.createSession, async (input, ctx) => {
    const now = ctx.clock.now();
    const row = await schedule.createSession(ctx.db, input, now);
    return { session: await reservationReads.getSessionRecord(ctx.db, row.id, null, now) };
  }),
  handle(adminClassCalls.createSeries, async (input, ctx) => {
    const now = ctx.clock.now();
    const { seriesId, sessions } = await schedule.createSeries(ctx.db, input, now);
    const records = await reservationReads.sessionRecordsById(
      ctx.db,
      sessions.map((s) => s.id),
      null,
      now,
    );
    return { series_id: seriesId, sessions: sessions.map((s) => records.get(s.id)!) };
  }),
  handle(adminClassCalls.cancelSession, async (input, ctx) => ({
    session: await reservations.cancelSession(ctx, input._id, input.reason),
  })),
  handle(adminClassCalls.getSessionList, (input, ctx) => reservationReads.listSessions(ctx.db, input, ctx.clock.now())),
  handle(adminClassCalls.getRoster, (input, ctx) => reservationReads.getRoster(ctx.db, input._id, ctx.clock.now())),
  handle(adminClassCalls.checkIn, async (input, ctx) => ({
    reservation: await reservations.checkIn(ctx, input._id, ctx.user.uid),
  })),
  handle(adminClassCalls.cancelReservation, async (input, ctx) => ({
    reservation: await reservations.cancelBooking(ctx, { reservationId: input._id, by: 'staff' }),
  })),
];

import { adminScheduleCalls, adminTeacherCandidateCalls, scheduleCalls } from '@studio/contract/schedule';
import { pageOf } from '../../platform/paging';
import { handle, handlePub } from '../../platform/protocol';
import { listUsers } from '../account';
import { audited } from '../audit';
import * as schedule from './service';

export const scheduleHandlers = [
  handlePub(scheduleCalls.getCourses, async (_input, ctx) => ({
    rows: (await schedule.listCourses(ctx.db, { activeOnly: true })).rows.map((r) =>
      schedule.toCourseRecord(r, ctx.locale),
    ),
  })),
  handlePub(scheduleCalls.getTeachers, async (_input, ctx) => ({
    rows: (await schedule.listTeachers(ctx.db, { activeOnly: true })).rows.map((r) =>
      schedule.toTeacherRecord(r, ctx.locale),
    ),
  })),
  handlePub(scheduleCalls.getRooms, async (_input, ctx) => ({
    rows: (await schedule.listRooms(ctx.db, { activeOnly: true })).rows.map((r) =>
      schedule.toRoomRecord(r, ctx.locale),
    ),
  })),

  handle(adminScheduleCalls.saveCourse, async (input, ctx) => {
    const row = await audited(ctx, {
      objectType: 'course',
      before: async (tx) => (input._id ? ((await schedule.findCourse(tx, input._id)) ?? null) : null),
      write: (tx) => schedule.saveCourse(tx, input, ctx.clock.now()),
      idOf: (course) => course.id,
    });
    return { course: schedule.toAdminCourseRecord(row, ctx.locale) };
  }),
  handle(adminScheduleCalls.getCourseList, async (input, ctx) => {
    const { rows, total } = await schedule.listCourses(ctx.db, catalogFilter(input), input);
    return pageOf(
      rows.map((r) => schedule.toAdminCourseRecord(r, ctx.locale)),
      total,
      input,
    );
  }),
  handle(adminScheduleCalls.saveRoom, async (input, ctx) => {
    const row = await audited(ctx, {
      objectType: 'room',
      before: async (tx) => (input._id ? ((await schedule.findRoom(tx, input._id)) ?? null) : null),
      write: (tx) => schedule.saveRoom(tx, input, ctx.clock.now()),
      idOf: (room) => room.id,
    });
    return { room: schedule.toAdminRoomRecord(row, ctx.locale) };
  }),
  handle(adminScheduleCalls.getRoomList, async (input, ctx) => {
    const { rows, total } = await schedule.listRooms(ctx.db, catalogFilter(input), input);
    return pageOf(
      rows.map((r) => schedule.toAdminRoomRecord(r, ctx.locale)),
      total,
      input,
    );
  }),
  handle(adminScheduleCalls.saveTeacher, async (input, ctx) => {
    const row = await audited(ctx, {
      objectType: 'teacher',
      before: async (tx) => (await schedule.findTeacher(tx, input.user_id)) ?? null,
      write: (tx) => schedule.saveTeacher(tx, input, ctx.clock.now(), { _id: ctx.user.uid, role: ctx.user.role }),
      idOf: (teacher) => teacher.userId,
    });
    return { teacher: schedule.toAdminTeacherRecord(row, ctx.locale) };
  }),
  handle(adminScheduleCalls.getTeacherList, async (input, ctx) => {
    const { rows, total } = await schedule.listTeachers(ctx.db, catalogFilter(input), input);
    return pageOf(
      rows.map((r) => schedule.toAdminTeacherRecord(r, ctx.locale)),
      total,
      input,
    );
  }),
  handle(adminTeacherCandidateCalls.getCandidates, async (input, ctx) => {
    // Members come from the account module's own search; teachers are members with the role.
    const page = await listUsers(ctx.db, input);
    return {
      ...page,
      rows: page.rows.map((u) => ({
        _id: u._id,
        nickname: u.nickname,
        username: u.username,
        avatar: u.avatar,
        mobile: u.mobile,
        email: u.email,
        is_teacher: u.role.includes('teacher'),
      })),
    };
  }),
];

/** A catalog list's filters: the keyword, and active or retired entries only when asked. */
function catalogFilter(input: { keyword?: string; status?: 'active' | 'inactive' }) {
  return { keyword: input.keyword, active: input.status === undefined ? undefined : input.status === 'active' };
}

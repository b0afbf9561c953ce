import { adminScheduleCalls, adminTeacherCandidateCalls, scheduleCalls } from '@studio/contract/schedule';
import { pageOf } from '../../platform/paging';
import { handle, handlePub } from '../../platform/protocol';
import { listUsers } from '../account/admin-service';
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

  handle(adminScheduleCalls.saveCourse, async (input, ctx) => ({
    course: schedule.toAdminCourseRecord(await schedule.saveCourse(ctx.db, input, ctx.clock.now()), ctx.locale),
  })),
  handle(adminScheduleCalls.getCourseList, async (input, ctx) => {
    const { rows, total } = await schedule.listCourses(ctx.db, catalogFilter(input), input);
    return pageOf(
      rows.map((r) => schedule.toAdminCourseRecord(r, ctx.locale)),
      total,
      input,
    );
  }),
  handle(adminScheduleCalls.saveRoom, async (input, ctx) => ({
    room: schedule.toAdminRoomRecord(await schedule.saveRoom(ctx.db, input, ctx.clock.now()), ctx.locale),
  })),
  handle(adminScheduleCalls.getRoomList, async (input, ctx) => {
    const { rows, total } = await schedule.listRooms(ctx.db, catalogFilter(input), input);
    return pageOf(
      rows.map((r) => schedule.toAdminRoomRecord(r, ctx.locale)),
      total,
      input,
    );
  }),
  handle(adminScheduleCalls.saveTeacher, async (input, ctx) => ({
    teacher: schedule.toAdminTeacherRecord(await schedule.saveTeacher(ctx.db, input, ctx.clock.now()), ctx.locale),
  })),
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

import { adminScheduleCalls, scheduleCalls } from '@studio/contract/schedule';
import { handle, handlePub } from '../../platform/protocol';
import * as schedule from './service';

export const scheduleHandlers = [
  handlePub(scheduleCalls.getCourses, async (_input, ctx) => ({
    rows: (await schedule.listCourses(ctx.db, { activeOnly: true })).records,
  })),
  handlePub(scheduleCalls.getTeachers, async (_input, ctx) => ({
    rows: (await schedule.listTeachers(ctx.db, { activeOnly: true })).records,
  })),
  handlePub(scheduleCalls.getRooms, async (_input, ctx) => ({
    rows: (await schedule.listRooms(ctx.db, { activeOnly: true })).records,
  })),

  handle(adminScheduleCalls.saveCourse, async (input, ctx) => ({
    course: schedule.toCourseRecord(await schedule.saveCourse(ctx.db, input, ctx.clock.now())),
  })),
  handle(adminScheduleCalls.getCourseList, async (input, ctx) => {
    const { records, total } = await schedule.listCourses(ctx.db, { keyword: input.keyword }, input);
    return schedule.pageOf(records, total, input);
  }),
  handle(adminScheduleCalls.saveRoom, async (input, ctx) => ({
    room: schedule.toRoomRecord(await schedule.saveRoom(ctx.db, input, ctx.clock.now())),
  })),
  handle(adminScheduleCalls.getRoomList, async (input, ctx) => {
    const { records, total } = await schedule.listRooms(ctx.db, { keyword: input.keyword }, input);
    return schedule.pageOf(records, total, input);
  }),
  handle(adminScheduleCalls.saveTeacher, async (input, ctx) => ({
    teacher: schedule.toTeacherRecord(
      await ctx.db.transaction((tx) => schedule.saveTeacher(tx, input, ctx.clock.now())),
    ),
  })),
  handle(adminScheduleCalls.getTeacherList, async (input, ctx) => {
    const { records, total } = await schedule.listTeachers(ctx.db, { keyword: input.keyword }, input);
    return schedule.pageOf(records, total, input);
  }),
];

import { adminClassCalls, courseCalls } from '@studio/contract/course';
import { pageOf } from '../../platform/paging';
import { handle, handlePub } from '../../platform/protocol';
import * as schedule from './service';

export const scheduleHandlers = [
  handlePub(courseCalls.getCourses, async (_input, ctx) => ({
    rows: (await schedule.listCourses(ctx.db, { activeOnly: true })).records,
  })),
  handlePub(courseCalls.getTeachers, async (_input, ctx) => ({
    rows: (await schedule.listTeachers(ctx.db, { activeOnly: true })).records,
  })),
  handlePub(courseCalls.getRooms, async (_input, ctx) => ({
    rows: (await schedule.listRooms(ctx.db, { activeOnly: true })).records,
  })),

  handle(adminClassCalls.saveCourse, async (input, ctx) => ({
    course: schedule.toCourseRecord(await schedule.saveCourse(ctx.db, input, ctx.clock.now())),
  })),
  handle(adminClassCalls.getCourseList, async (input, ctx) => {
    const { records, total } = await schedule.listCourses(ctx.db, { keyword: input.keyword }, input);
    return pageOf(records, total, input);
  }),
  handle(adminClassCalls.saveRoom, async (input, ctx) => ({
    room: schedule.toRoomRecord(await schedule.saveRoom(ctx.db, input, ctx.clock.now())),
  })),
  handle(adminClassCalls.getRoomList, async (input, ctx) => {
    const { records, total } = await schedule.listRooms(ctx.db, { keyword: input.keyword }, input);
    return pageOf(records, total, input);
  }),
  handle(adminClassCalls.saveTeacher, async (input, ctx) => ({
    teacher: schedule.toTeacherRecord(await schedule.saveTeacher(ctx.db, input, ctx.clock.now())),
  })),
  handle(adminClassCalls.getTeacherList, async (input, ctx) => {
    const { records, total } = await schedule.listTeachers(ctx.db, { keyword: input.keyword }, input);
    return pageOf(records, total, input);
  }),
];

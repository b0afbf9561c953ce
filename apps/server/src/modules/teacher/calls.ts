import type { CallDef } from '@studio/contract/protocol';
import { teacherCalls, verifyCalls } from '@studio/contract/teacher';
import type { z } from 'zod';
import { type AuthedContext, handle } from '../../platform/protocol';
import * as teacher from './service';
import { lookup, scan } from './verify';

/** A workbench call: kh by its url, so the teacher role (or admin) is checked before the handler runs. */
function handleTeacher<C extends CallDef>(
  def: C,
  run: (input: z.output<C['input']>, ctx: AuthedContext) => Promise<z.input<C['output']>>,
) {
  return handle(def, (input, ctx) => {
    teacher.assertTeacher(ctx.user);
    return run(input, ctx);
  });
}

export const teacherHandlers = [
  handleTeacher(teacherCalls.getWorkbench, (_input, ctx) =>
    teacher.getWorkbench(ctx.db, ctx.user.uid, ctx.clock.now(), ctx.locale),
  ),
  handleTeacher(teacherCalls.updateIntroduction, async (input, ctx) => ({
    teacher: await teacher.updateIntroduction(ctx.db, ctx.user.uid, input, ctx.clock.now()),
  })),
  handleTeacher(teacherCalls.getSessions, (input, ctx) =>
    teacher.getSessions(ctx.db, ctx.user.uid, input, ctx.clock.now(), ctx.locale),
  ),
  handleTeacher(teacherCalls.getClassHours, (input, ctx) =>
    teacher.getClassHours(ctx.db, ctx.user.uid, input.month, ctx.clock.now(), ctx.locale),
  ),
  handleTeacher(teacherCalls.getRoster, (input, ctx) =>
    teacher.getRoster(ctx.db, ctx.user.uid, input.session_id, ctx.clock.now(), ctx.locale),
  ),
  handleTeacher(teacherCalls.checkIn, async (input, ctx) => ({
    reservation: await teacher.checkIn(ctx, ctx.user.uid, input),
  })),
  handleTeacher(teacherCalls.getStudents, (input, ctx) => teacher.getStudents(ctx.db, ctx.user.uid, input)),
];

export const verifyHandlers = [
  handle(verifyCalls.lookup, (input, ctx) => lookup(ctx, input.code)),
  handle(verifyCalls.scan, (input, ctx) => scan(ctx, input.code)),
];

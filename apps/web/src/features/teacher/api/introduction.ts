import type { CallInput } from '@studio/contract/protocol';
import { reservationCalls } from '@studio/contract/reservations';
import { teacherCalls } from '@studio/contract/teacher';
import { call } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { workbenchQuery } from './workbench';

export type IntroductionInput = CallInput<typeof teacherCalls.updateIntroduction>;

/** Saves my public profile; the workbench and my public teacher page show it at once. */
export async function updateIntroduction(input: IntroductionInput) {
  const { teacher } = await call(teacherCalls.updateIntroduction, input);
  await queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === workbenchQuery.queryKey[0] || q.queryKey[0] === reservationCalls.getTeacher.url,
  });
  return teacher;
}

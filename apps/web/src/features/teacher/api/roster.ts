import type { CallInput } from '@studio/contract/protocol';
import { teacherCalls } from '@studio/contract/teacher';
import { useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { invalidateClassData } from '@/shared/classes/class-queries';

/** Who is booked for one of my sessions, with check-in state, and who waits. */
export function useRoster(sessionId: string | undefined) {
  return useQuery({
    ...callQuery(teacherCalls.getRoster, { session_id: sessionId ?? '' }),
    enabled: Boolean(sessionId),
  });
}

/** Checks a member in by reservation (roster) or by the code of their QR. */
export async function checkIn(input: CallInput<typeof teacherCalls.checkIn>) {
  try {
    return (await call(teacherCalls.checkIn, input)).reservation;
  } finally {
    void invalidateClassData();
  }
}

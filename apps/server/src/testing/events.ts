import type { PushEvent } from '@studio/contract/realtime';

/** A push event of the contract for tests of the delivery machinery, told apart by `tag`. */
export const testEvent = (tag: string): PushEvent => ({
  type: 'waitlistSkipped',
  data: { session_id: tag, course_name: `Class ${tag}`, starts_at: '2026-01-01T09:00:00.000Z', entry_id: tag },
});

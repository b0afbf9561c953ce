import { NOTICE_TYPES } from '@studio/contract/notifications';
import type { PushEventData, WsEventMessage } from '@studio/contract/realtime';
import { invalidateNotices, setUnreadNotices } from '@/shared/notices/unread-notices';

/** Every pushed notice, and a studio announcement published or withdrawn: the notice lists change. */
const LIST_EVENTS: ReadonlySet<string> = new Set<string>([...NOTICE_TYPES, 'announcement']);

/**
 * The notice centre's side of a push: a new notice or an announcement refetches the open lists and
 * the unread count (the bell and the Me tab); `noticesRead` (the member read notices, on this device
 * or another) sets the count it carries, and the lists refetch to drop their dots. Answers whether
 * the event concerned notices; a notice event is also handled by its domain (class-events.tsx).
 */
export function handleNoticeEvent(message: WsEventMessage): boolean {
  if (message.event === 'noticesRead') {
    const { unread } = (message.data ?? {}) as Partial<PushEventData<'noticesRead'>>;
    if (typeof unread === 'number') setUnreadNotices(unread);
    void invalidateNotices({ exceptCount: typeof unread === 'number' });
    return true;
  }
  if (!LIST_EVENTS.has(message.event)) return false;
  void invalidateNotices();
  return true;
}

import type { DomainEventName, DomainEventPayload } from '@studio/contract/domain-events';
import { afterCommit, type DomainEvent, type Subscriber, type SubscriberContext } from '../../platform/events';
import { type NewNotice, tellMembers } from './service';

/** A subscriber that turns one event into notices for members (stored once per event, pushed once). */
function notify<N extends DomainEventName>(
  on: N,
  name: string,
  notices: (payload: DomainEventPayload<N>) => NewNotice[],
): Subscriber {
  return afterCommit(on, `notices.${name}`, (ctx: SubscriberContext, e: DomainEvent<N>) =>
    tellMembers(ctx, e.id, notices(e.payload), e.at),
  );
}

/** The class part of an event's payload: what every class notice carries. */
const classOf = (p: { session_id: string; course_name: string; starts_at: string }) => ({
  session_id: p.session_id,
  course_name: p.course_name,
  starts_at: p.starts_at,
});

/** The notices members get, each from the event it tells of. */
export const notificationSubscribers: Subscriber[] = [
  notify('waitlist.promoted', 'waitlistPromoted', (p) => [
    { userId: p.user_id, type: 'waitlistPromoted', data: { ...classOf(p), reservation_id: p.reservation_id } },
  ]),
  notify('waitlist.skipped', 'waitlistSkipped', (p) => [
    { userId: p.user_id, type: 'waitlistSkipped', data: { ...classOf(p), entry_id: p.entry_id } },
  ]),
  notify('reservation.cancelledByStudio', 'reservationCancelled', (p) => [
    { userId: p.user_id, type: 'reservationCancelled', data: { ...classOf(p), reservation_id: p.reservation_id } },
  ]),
  notify('session.cancelled', 'sessionCancelled', (p) => [
    ...p.reservations.map(
      (r): NewNotice => ({
        userId: r.user_id,
        type: 'sessionCancelled',
        data: { ...classOf(p), reason: p.reason, reservation_id: r.reservation_id },
      }),
    ),
    ...p.entries.map(
      (w): NewNotice => ({
        userId: w.user_id,
        type: 'sessionCancelled',
        data: { ...classOf(p), reason: p.reason, entry_id: w.entry_id },
      }),
    ),
  ]),
];

import type { DomainEventName, DomainEventPayload } from '@studio/contract/domain-events';
import { INVITE_ROUTE } from '@studio/contract/invitations';
import type { Locale } from '@studio/contract/locale';
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

/** A name staff wrote, with its other languages: the notice reads in the reader's. */
const nameOf = (p: { name: string; name_i18n: Partial<Record<Locale, string>> }) => ({
  name: p.name,
  name_i18n: p.name_i18n,
});

/** The notices members get, each from the event it tells of. */
export const notificationSubscribers: Subscriber[] = [
  notify('waitlist.promoted', 'waitlistPromoted', (p) => [
    { userId: p.user_id, type: 'waitlistPromoted', data: { ...classOf(p), reservation_id: p.reservation_id } },
  ]),
  notify('waitlist.skipped', 'waitlistSkipped', (p) => [
    { userId: p.user_id, type: 'waitlistSkipped', data: { ...classOf(p), entry_id: p.entry_id } },
  ]),
  notify('reservation.addedByStudio', 'reservationAdded', (p) => [
    { userId: p.user_id, type: 'reservationAdded', data: { ...classOf(p), reservation_id: p.reservation_id } },
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
  notify('class.reminder', 'classReminder', (p) => [
    { userId: p.user_id, type: 'classReminder', data: { ...classOf(p), reservation_id: p.reservation_id } },
  ]),
  notify('waitlist.dropped', 'waitlistDropped', (p) => [
    { userId: p.user_id, type: 'waitlistDropped', data: { ...classOf(p), entry_id: p.entry_id } },
  ]),
  notify('order.paid', 'orderPaid', (p) => [
    { userId: p.user_id, type: 'orderPaid', data: { order_no: p.order_no, amount: p.amount } },
  ]),
  notify('order.shipped', 'orderShipped', (p) => [
    {
      userId: p.user_id,
      type: 'orderShipped',
      data: { order_no: p.order_no, carrier: p.carrier, tracking_no: p.tracking_no },
    },
  ]),
  notify('order.readyForPickup', 'orderReadyForPickup', (p) => [
    { userId: p.user_id, type: 'orderReadyForPickup', data: { order_no: p.order_no, pickup_code: p.pickup_code } },
  ]),
  // A package order completes as its packages are issued: packageIssued tells of it.
  notify('order.completed', 'orderCompleted', (p) =>
    p.kind === 'goods' ? [{ userId: p.user_id, type: 'orderCompleted', data: { order_no: p.order_no } }] : [],
  ),
  notify('order.expiringSoon', 'orderExpiring', (p) => [
    {
      userId: p.user_id,
      type: 'orderExpiring',
      data: { order_no: p.order_no, amount: p.amount, expires_at: p.expires_at },
    },
  ]),
  notify('refund.approved', 'refundApproved', (p) => [
    {
      userId: p.user_id,
      type: 'refundApproved',
      data: { order_no: p.order_no, refund_id: p.refund_id, amount: p.amount, to: p.to, message: p.message ?? '' },
    },
  ]),
  notify('refund.refused', 'refundRefused', (p) => [
    {
      userId: p.user_id,
      type: 'refundRefused',
      data: { order_no: p.order_no, refund_id: p.refund_id, reason: p.reason },
    },
  ]),
  notify('package.issued', 'packageIssued', (p) => [
    {
      userId: p.user_id,
      type: 'packageIssued',
      data: {
        package_id: p.package_id,
        ...nameOf(p),
        class_count: p.class_count,
        expires_at: p.expires_at,
        order_no: p.order_no,
      },
    },
  ]),
  notify('package.expiringSoon', 'packageExpiring', (p) => [
    {
      userId: p.user_id,
      type: 'packageExpiring',
      data: { package_id: p.package_id, ...nameOf(p), remaining: p.remaining, expires_at: p.expires_at },
    },
  ]),
  notify('package.usedUp', 'packageUsedUp', (p) => [
    { userId: p.user_id, type: 'packageUsedUp', data: { package_id: p.package_id, ...nameOf(p) } },
  ]),
  notify('invite.rewarded', 'inviteRewarded', (p) => [
    {
      userId: p.user_id,
      type: 'inviteRewarded',
      data: { invitee_name: p.invitee_name, points: p.points, coupon_name: p.coupon_name, link: INVITE_ROUTE },
    },
  ]),
  // Nothing earned (points off, or nothing paid): nothing to tell.
  notify('points.earned', 'pointsEarned', (p) =>
    p.points > 0
      ? [{ userId: p.user_id, type: 'pointsEarned', data: { order_no: p.ref, points: p.points, balance: p.balance } }]
      : [],
  ),
  notify('coupon.expiringSoon', 'couponExpiring', (p) => [
    {
      userId: p.user_id,
      type: 'couponExpiring',
      data: { coupon_id: p.coupon_id, ...nameOf(p), expires_at: p.expires_at },
    },
  ]),
  notify('feedback.replied', 'feedbackReplied', (p) => [
    { userId: p.user_id, type: 'feedbackReplied', data: { feedback_id: p.feedback_id, excerpt: p.excerpt } },
  ]),
];

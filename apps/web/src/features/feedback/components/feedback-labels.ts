import { type FeedbackCategory, WEEKDAYS, type Weekday } from '@studio/contract/feedback-core';
import { paths } from '@/shared/navigation/paths';

const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

/** What a message may be about, carried from the page that opened Help & contact. */
export interface FeedbackSubject {
  order_no?: string;
  reservation_id?: string;
}

/** The subject read from a page's query (`order_no`, `reservation_id`); empty values dropped. */
export function subjectOf(params: URLSearchParams): FeedbackSubject {
  const subject: FeedbackSubject = {};
  const orderNo = params.get('order_no')?.trim();
  const reservationId = params.get('reservation_id')?.trim();
  if (orderNo) subject.order_no = orderNo;
  if (reservationId) subject.reservation_id = reservationId;
  return subject;
}

/** The category a subject suggests: an order is about orders and the shop, a booking about classes. */
export function categoryFor(subject: FeedbackSubject): FeedbackCategory | undefined {
  if (subject.order_no) return 'orders_shop';
  if (subject.reservation_id) return 'classes';
  return undefined;
}

export const feedbackLinks = {
  write: (subject: FeedbackSubject = {}) => withQuery(paths.feedbackWrite, { ...subject }),
  thread: (id: string) => withQuery(paths.feedbackThread, { _id: id }),
};

/** The weekday (WEEKDAYS) of `now` in `timezone`. */
export function weekdayIn(now: Date, timezone: string): Weekday {
  const name = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: timezone }).format(now).toLowerCase();
  return WEEKDAYS.find((d) => name.startsWith(d)) ?? 'mon';
}

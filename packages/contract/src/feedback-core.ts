/*
 * Feedback's plain values (zod-free, like protocol-core.ts): the member app's pages without a form
 * import these without loading zod; feedback.ts holds the calls and re-exports them.
 */

export const FEEDBACK_CATEGORIES = ['classes', 'orders_shop', 'account', 'suggestion', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Spec: pending reply → replied; a follow-up makes it pending again; closed is staff's end of it. */
export const FEEDBACK_STATUSES = ['pending_reply', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** What moves a thread, and the status each move leads to (a closed thread takes no member follow-up). */
export const FEEDBACK_MOVES = {
  memberFollowedUp: { from: ['pending_reply', 'replied'], to: 'pending_reply' },
  staffReplied: { from: ['pending_reply', 'replied', 'closed'], to: 'replied' },
  staffClosed: { from: ['pending_reply', 'replied'], to: 'closed' },
} as const satisfies Record<string, { from: readonly FeedbackStatus[]; to: FeedbackStatus }>;
export type FeedbackMove = keyof typeof FEEDBACK_MOVES;

/** The status after `move`, or null when the move is not allowed from `status`. */
export function feedbackStatusAfter(status: FeedbackStatus, move: FeedbackMove): FeedbackStatus | null {
  const rule = FEEDBACK_MOVES[move];
  return (rule.from as readonly FeedbackStatus[]).includes(status) ? rule.to : null;
}

/** Spec: up to 5 photos. */
export const FEEDBACK_MAX_IMAGES = 5;
export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_REPLY_MAX = 1000;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A map search for the address, when the studio gave no map link of its own. */
export function mapLinkOf(address: string, mapUrl = ''): string {
  if (mapUrl) return mapUrl;
  return address.trim() ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}` : '';
}

/** The first words of a reply, for the notice that tells of it. */
export function excerptOf(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

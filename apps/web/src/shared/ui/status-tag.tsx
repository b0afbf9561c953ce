import type { ClassPhase } from '@studio/contract/class-phase';
import type { FeedbackStatus } from '@studio/contract/feedback';
import type { ReservationStatus, SessionStatus, WaitlistStatus } from '@studio/contract/flow';
import type { PackageStatus } from '@studio/contract/packages';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './status-tag.css';

/** How a status looks (UI.md "Status colours"); each tone is one class in status-tag.css. */
export type StatusTone = 'brand' | 'brand-outline' | 'success' | 'warning' | 'danger' | 'danger-outline' | 'grey';

/**
 * The one table of status colours in the web app (UI.md): every place that shows a status takes its
 * tone from here. The shop adds `order` beside these when it arrives.
 */
export const STATUS_TONES = {
  reservation: { registered: 'brand', done: 'success', cancelled: 'grey' },
  waitlist: { waiting: 'warning', completed: 'success', cancelled: 'grey' },
  package: { unused: 'brand', used: 'brand-outline', completed: 'grey', expired: 'danger-outline' },
  session: { scheduled: 'brand-outline', cancelled: 'grey' },
  /** Where a class stands in time (contract classPhase). */
  classPhase: { upcoming: 'brand-outline', started: 'warning', ended: 'grey', cancelled: 'grey' },
  /** A member's message to the studio (contract feedback). */
  feedback: { pending_reply: 'warning', replied: 'success', closed: 'grey' },
} as const satisfies {
  reservation: Record<ReservationStatus, StatusTone>;
  waitlist: Record<WaitlistStatus, StatusTone>;
  package: Record<PackageStatus, StatusTone>;
  session: Record<SessionStatus, StatusTone>;
  classPhase: Record<ClassPhase, StatusTone>;
  feedback: Record<FeedbackStatus, StatusTone>;
};

export type StatusKind = keyof typeof STATUS_TONES;

type StatusOf<K extends StatusKind> = keyof (typeof STATUS_TONES)[K] & string;

interface StatusTagProps<K extends StatusKind> {
  kind: K;
  status: StatusOf<K>;
  /** Replaces the status's own label, e.g. "No. 2" for a waiting entry. */
  children?: ReactNode;
}

/** A status as a small coloured label: `status.<kind>.<status>` from the catalogue, in the table's tone. */
export function StatusTag<K extends StatusKind>({ kind, status, children }: StatusTagProps<K>) {
  const { t } = useTranslation();
  const tone = (STATUS_TONES[kind] as Record<string, StatusTone>)[status] ?? 'grey';
  return <span className={`status-tag tone-${tone}`}>{children ?? t(`status.${kind}.${status}`)}</span>;
}

/** Tone without the tag, for pieces that colour something else (a progress bar, a border). */
export function statusTone<K extends StatusKind>(kind: K, status: StatusOf<K>): StatusTone {
  return (STATUS_TONES[kind] as Record<string, StatusTone>)[status] ?? 'grey';
}

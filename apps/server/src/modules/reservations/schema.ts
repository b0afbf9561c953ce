import { RESERVATION_STATUSES, WAITLIST_STATUSES } from '@studio/contract/flow';
import { DESK_METHODS } from '@studio/contract/payments';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';
import { memberPackages } from '../packages/schema';
import { classSessions } from '../schedule/schema';

export const reservations = pgTable(
  'reservations',
  {
    id: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => classSessions.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    /** The package whose credit pays; null for a drop-in paid at the desk (dropInAmount). */
    packageId: text().references(() => memberPackages.id),
    /** A drop-in staff added at the desk: what the member paid there (minor units) and how. */
    dropInAmount: integer(),
    dropInMethod: text({ enum: DESK_METHODS }),
    /** The staff member who added the member to the roster at the desk; null when the member booked. */
    bookedBy: text(),
    status: text({ enum: RESERVATION_STATUSES }).notNull().default('registered'),
    /** Unguessable code shown as the member's check-in QR. */
    code: text().notNull(),
    checkedInAt: timestamp({ withTimezone: true }),
    checkedInBy: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    /** 'member' | 'staff' | 'session' (the whole class called off). */
    cancelledBy: text(),
    /** Booked by a waitlist promotion. */
    fromWaitlist: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the member was reminded of the class (sweeps.ts): set once, by the instance that reminded them. */
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One active reservation per member per session, even if the service's check were bypassed.
    uniqueIndex('reservations_active_member_key').on(t.sessionId, t.userId).where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('reservations_code_key').on(t.code),
    index('reservations_user_idx').on(t.userId, t.createdAt),
    index('reservations_session_idx').on(t.sessionId, t.status),
    index('reservations_package_idx').on(t.packageId),
    // The owner's reports (issue 26) count a class's kept bookings from class_sessions.booked_count and
    // read only these few: kept but not checked in (no-shows), cancelled (late cancellations), and
    // each member's kept bookings by class (retention), without reading every booking there is.
    index('reservations_unattended_idx')
      .on(t.sessionId)
      .where(sql`${t.status} <> 'cancelled' and ${t.checkedInAt} is null`),
    index('reservations_cancelled_idx')
      .on(t.sessionId, t.cancelledAt, t.cancelledBy)
      .where(sql`${t.status} = 'cancelled'`),
    index('reservations_member_kept_idx').on(t.userId, t.sessionId).where(sql`${t.status} <> 'cancelled'`),
    // Paid one way: a package's credit, or a drop-in's money at the desk.
    check(
      'reservations_paid_once',
      sql`(${t.packageId} is null) = (${t.dropInAmount} is not null) and (${t.dropInAmount} is null) = (${t.dropInMethod} is null)`,
    ),
  ],
);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: text().primaryKey(),
    /** Join order; positions are computed from it (never stored), so they close up by themselves. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    sessionId: text()
      .notNull()
      .references(() => classSessions.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    status: text({ enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** The package the member chose to pay with when a seat frees up; null: the server's pick. */
    packageId: text().references(() => memberPackages.id),
    /** The reservation a promotion (or a direct booking) gave. */
    reservationId: text(),
    /** 'left' | 'session_started' | 'session_cancelled' */
    cancelReason: text(),
    /** The first time a freed seat passed this member by for want of a valid package (they were told once). */
    skippedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_waiting_member_key').on(t.sessionId, t.userId).where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_session_idx').on(t.sessionId, t.status, t.seq),
    index('waitlist_entries_user_idx').on(t.userId, t.createdAt),
  ],
);

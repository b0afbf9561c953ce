import { z } from 'zod';
import { defineCall, noInput } from './protocol';
import { takings } from './reports';
import { sessionRecord } from './schedule';
import { isoDateTime } from './validators';

/** The back office's first page: today, the week ahead, new members, packages running out. */

/** How far ahead the dashboard looks for packages running out. */
export const EXPIRING_WITHIN_DAYS = 14;
/** How far ahead the fill rate looks. */
export const FILL_RATE_DAYS = 7;

/**
 * The go-live checklist, in the order a studio works through it. The product has no country, opening
 * hours or studio-written agreements: `studio` asks for the name, logo and address (the currency and
 * time zone beside them say where the studio is), `timetable` for classes on the schedule (members
 * see the studio's hours as its classes), and `agreements` is the app's own texts, always there.
 */
export const GO_LIVE_STEPS = ['studio', 'payments', 'freight', 'agreements', 'packages', 'timetable'] as const;
export type GoLiveStep = (typeof GO_LIVE_STEPS)[number];
/** What the `studio` step still needs. */
export const STUDIO_PROFILE_FIELDS = ['name', 'logo', 'address'] as const;

export const goLiveLine = z.object({
  step: z.enum(GO_LIVE_STEPS),
  done: z.boolean(),
  /** studio: what is missing. */
  missing: z.array(z.enum(STUDIO_PROFILE_FIELDS)).optional(),
  /** freight: physical goods on sale; packages: course packages on sale; timetable: classes ahead. */
  count: z.number().int().optional(),
});
export type GoLiveLine = z.infer<typeof goLiveLine>;

export const dashboard = z.object({
  /** The go-live checklist while a line of it is not done; null once every line is. */
  go_live: z.array(goLiveLine).nullable(),
  /** Today's sessions in the studio's timezone, with how many have checked in. */
  today: z.array(sessionRecord.extend({ checked_in_count: z.number().int() })),
  /** Seats booked over seats offered in the scheduled sessions of the next FILL_RATE_DAYS days (0–1; null: none). */
  fill_rate: z.number().nullable(),
  upcoming_sessions: z.number().int(),
  /** Members who registered since Monday (studio timezone). */
  new_members_this_week: z.number().int(),
  /** Members' messages waiting for the studio's reply (feedback). */
  feedback_pending: z.number().int(),
  /** Net sales today, this week and the last 30 days; null for staff without reports.view. */
  takings: takings.nullable(),
  expiring: z.object({
    total: z.number().int(),
    rows: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        user_id: z.string(),
        member_name: z.string(),
        remaining_count: z.number().int(),
        valid_until: isoDateTime,
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;

export const adminDashboardCalls = {
  /** Any back-office user may read it. */
  get: defineCall('admin/dashboard.get', noInput, dashboard, { permission: 'staff' }),
} as const;

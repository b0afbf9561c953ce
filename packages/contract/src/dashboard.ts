import { z } from 'zod';
import { defineCall, noInput } from './protocol';
import { sessionRecord } from './schedule';
import { isoDateTime } from './validators';

/** The back office's first page: today, the week ahead, new members, packages running out. */

/** How far ahead the dashboard looks for packages running out. */
export const EXPIRING_WITHIN_DAYS = 14;
/** How far ahead the fill rate looks. */
export const FILL_RATE_DAYS = 7;

export const dashboard = z.object({
  /** Today's sessions in the studio's timezone, with how many have checked in. */
  today: z.array(sessionRecord.extend({ checked_in_count: z.number().int() })),
  /** Seats booked over seats offered in the scheduled sessions of the next FILL_RATE_DAYS days (0–1; null: none). */
  fill_rate: z.number().nullable(),
  upcoming_sessions: z.number().int(),
  /** Members who registered since Monday (studio timezone). */
  new_members_this_week: z.number().int(),
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

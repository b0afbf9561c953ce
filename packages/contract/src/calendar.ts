import { z } from 'zod';
import { defineCall, noInput } from './protocol';

/** The calendar module: a member's private .ics feed of their bookings. */

/** Where a member's private calendar feed lives: `<prefix><secret>.ics`; the secret is the credential. */
export const CALENDAR_PATH_PREFIX = '/api/calendar/';

export const calendarFeed = z.object({
  /** `/api/calendar/<secret>.ics`, relative to the server's origin. */
  url: z.string(),
});

export const calendarCalls = {
  /** The member's feed url, created on first use. */
  getCalendarFeed: defineCall('client/course.getCalendarFeed', noInput, calendarFeed),
  /** Revokes the current url (it answers 404 from now on) and answers a new one. */
  resetCalendarFeed: defineCall('client/course.resetCalendarFeed', noInput, calendarFeed),
} as const;

import ical, { ICalEventStatus } from 'ical-generator';

/** One class in a member's calendar. */
export interface FeedEvent {
  /** Stable per reservation, so calendar apps update the event instead of duplicating it. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  created: Date;
}

/** How often calendar apps should fetch the feed again. */
export const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * An iCalendar (RFC 5545) document of the events. No timezone is set, so DTSTART and DTEND are
 * written in UTC (`20261122T090000Z`) and every calendar app shows them in its own zone.
 */
export function renderCalendar(input: { name: string; now: Date; events: FeedEvent[] }): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: 'Studio', product: 'Class calendar', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const e of input.events) {
    calendar.createEvent({
      id: e.uid,
      start: e.start,
      end: e.end,
      summary: e.summary,
      location: e.location || null,
      description: e.description,
      created: e.created,
      stamp: input.now,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; the library leaves it off.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

import { calendarCalls } from '@studio/contract/calendar';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { getMerchant } from '../merchant/service';
import { bookSeat } from '../reservations/seats';
import type { SessionRow } from '../schedule/service';
import {
  buildAdmin,
  buildCourse,
  buildMember,
  buildPackage,
  buildRoom,
  buildSession,
  buildTeacher,
  type TestMember,
} from '../schedule/testing';
import { renderCalendar } from './ics';
import { FEED_HISTORY_DAYS } from './service';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

// A small RFC 5545 reader: unfolds lines, checks every line is `NAME[;PARAMS]:VALUE`, that BEGIN
// and END nest, and answers the component tree with unescaped text values.
interface Component {
  name: string;
  props: Map<string, string[]>;
  children: Component[];
}

function parseICalendar(text: string): Component {
  expect(text).toMatch(/\r\n$/);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
  const root: Component = { name: 'ROOT', props: new Map(), children: [] };
  const stack = [root];
  for (const line of lines) {
    const match = /^([A-Z][A-Z0-9-]*)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const [, name, , raw] = match as unknown as [string, string, string, string];
    const top = stack.at(-1)!;
    if (name === 'BEGIN') {
      const child: Component = { name: raw, props: new Map(), children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      if (top.name !== raw) throw new Error(`END:${raw} closes ${top.name}`);
      stack.pop();
    } else {
      const value = raw.replace(/\\([\\;,nN])/g, (_m, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
      top.props.set(name, [...(top.props.get(name) ?? []), value]);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed ${stack.at(-1)!.name}`);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const prop = (c: Component, name: string) => c.props.get(name)?.[0];
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const getFeed = (m: TestMember) => t.call(calendarCalls.getCalendarFeed, {}, { token: m.token });
const resetFeed = (m: TestMember) => t.call(calendarCalls.resetCalendarFeed, {}, { token: m.token });
const fetchFeed = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function events(url: string): Promise<Component[]> {
  const res = await fetchFeed(url);
  expect(res.statusCode).toBe(200);
  const calendar = parseICalendar(res.body);
  expect(calendar.name).toBe('VCALENDAR');
  return calendar.children.filter((c) => c.name === 'VEVENT');
}

/** Books straight through the reservations service an hour before the class (past classes too). */
async function bookDirect(memberId: string, session: SessionRow): Promise<string> {
  const now = new Date(session.startsAt.getTime() - HOUR);
  return (
    await t.app.db.transaction(async (tx) =>
      bookSeat(tx, { sessionId: session.id, userId: memberId, now, merchant: await getMerchant(tx) }),
    )
  ).id;
}

async function memberWithCredits() {
  const m = await buildMember(t);
  await buildPackage(t, m.id, { classCount: 20, validity: { mode: 'long_term', valid_from: '2026-01-01T00:00:00Z' } });
  return m;
}

describe('client/course.getCalendarFeed', () => {
  it('creates an unguessable url on first call and answers the same url after', async () => {
    const m = await buildMember(t);
    const first = await getFeed(m);
    expect(first.code).toBe(0);
    expect(first.url).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await getFeed(m)).url).toBe(first.url);
    const other = await getFeed(await buildMember(t));
    expect(other.url).not.toBe(first.url);
  });

  it('answers one url to many first calls at once', async () => {
    const m = await buildMember(t);
    const urls = await Promise.all(Array.from({ length: 10 }, () => getFeed(m)));
    expect(urls.every((r) => r.code === 0)).toBe(true);
    expect(new Set(urls.map((r) => r.url)).size).toBe(1);
  });

  it('needs a token', async () => {
    expect((await t.call(calendarCalls.getCalendarFeed, {})).code).toBe(30204);
    expect((await t.call(calendarCalls.resetCalendarFeed, {})).code).toBe(30204);
  });
});

describe('GET /api/calendar/<secret>.ics', () => {
  it('serves the member’s registered and done classes as iCalendar, cancelled ones left out', async () => {
    const teacher = await buildTeacher(t, { name: 'Tara Teacher' });
    const course = await buildCourse(t, { name: 'Vinyasa Flow' });
    const room = await buildRoom(t, { name: 'Lotus Room' });
    await t.call(
      adminScheduleCalls.saveRoom,
      { _id: room.id, name: 'Lotus Room', capacity: 20, address: '12 Willow Lane, London' },
      { token: admin.token },
    );
    const at = (ms: number) => new Date(Date.parse(START) + ms);
    const parts = { teacherId: teacher.id, courseId: course.id, roomId: room.id };
    const done = await buildSession(t, { ...parts, startsAt: at(-2 * DAY) });
    const upcoming = await buildSession(t, { ...parts, startsAt: at(2 * DAY), durationMin: 75 });
    const dropped = await buildSession(t, { ...parts, startsAt: at(3 * DAY) });
    const calledOff = await buildSession(t, { ...parts, startsAt: at(4 * DAY) });
    const longAgo = await buildSession(t, { ...parts, startsAt: at(-(FEED_HISTORY_DAYS + 1) * DAY) });
    const member = await memberWithCredits();
    const doneId = await bookDirect(member.id, done);
    const upcomingId = await bookDirect(member.id, upcoming);
    const droppedId = await bookDirect(member.id, dropped);
    await bookDirect(member.id, calledOff);
    await bookDirect(member.id, longAgo);
    // Someone else's booking never shows in this member's feed.
    await bookDirect((await memberWithCredits()).id, upcoming);
    expect(
      (await t.call(reservationCalls.cancelBooking, { reservation_id: droppedId }, { token: member.token })).code,
    ).toBe(0);
    expect(
      (
        await t.call(
          adminReservationCalls.cancelSession,
          { _id: calledOff.id, reason: 'Teacher ill' },
          { token: admin.token },
        )
      ).code,
    ).toBe(0);

    const { url } = await getFeed(member);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);

    const calendar = parseICalendar(res.body);
    expect(prop(calendar, 'PRODID')).toBeDefined();
    const vevents = calendar.children.filter((c) => c.name === 'VEVENT');
    expect(vevents).toHaveLength(2);
    expect(vevents.map((e) => prop(e, 'UID'))).toEqual([
      `reservation-${doneId}@studio`,
      `reservation-${upcomingId}@studio`,
    ]);
    const next = vevents[1]!;
    expect(prop(next, 'DTSTART')).toBe(utcStamp(upcoming.startsAt));
    expect(prop(next, 'DTSTART')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(prop(next, 'DTEND')).toBe(utcStamp(upcoming.endsAt));
    expect(prop(next, 'SUMMARY')).toBe('Vinyasa Flow');
    expect(prop(next, 'LOCATION')).toBe('Lotus Room, 12 Willow Lane, London');
    expect(prop(next, 'DESCRIPTION')).toBe('Teacher: Tara Teacher');
    expect(prop(next, 'STATUS')).toBe('CONFIRMED');
    expect(prop(vevents[0]!, 'DTSTART')).toBe(utcStamp(done.startsAt));
  });

  it('keeps each event’s UID stable across fetches and after the class ends', async () => {
    const member = await memberWithCredits();
    const session = await buildSession(t, { startsAt: new Date(Date.parse(START) + DAY) });
    const id = await bookDirect(member.id, session);
    const { url } = await getFeed(member);
    const before = await events(url);
    t.clock.set(new Date(session.endsAt.getTime() + HOUR)); // now done
    const after = await events(url);
    expect(before.map((e) => prop(e, 'UID'))).toEqual([`reservation-${id}@studio`]);
    expect(after.map((e) => prop(e, 'UID'))).toEqual([`reservation-${id}@studio`]);
  });

  it('writes the teacher line in the language the calendar app asks for', async () => {
    const member = await memberWithCredits();
    const teacher = await buildTeacher(t, { name: 'Lena' });
    await bookDirect(member.id, await buildSession(t, { teacherId: teacher.id }));
    const { url } = await getFeed(member);
    const res = await fetchFeed(url, { 'accept-language': 'zh-CN,zh;q=0.9' });
    const [event] = parseICalendar(res.body).children.filter((c) => c.name === 'VEVENT');
    expect(prop(event!, 'DESCRIPTION')).toBe('老师：Lena');
  });

  it('serves an empty calendar to a member without bookings', async () => {
    const { url } = await getFeed(await buildMember(t));
    expect(await events(url)).toEqual([]);
  });

  it('answers 404 to unknown secrets and file names that are not feeds', async () => {
    for (const url of [
      `/api/calendar/${'a'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${'a'.repeat(43)}`,
      `/api/calendar/${'a'.repeat(43)}.json`,
    ]) {
      const res = await fetchFeed(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('VCALENDAR');
    }
  });
});

describe('client/course.resetCalendarFeed', () => {
  it('revokes the old url (404 from then on) and answers a new working one', async () => {
    const member = await memberWithCredits();
    await bookDirect(member.id, await buildSession(t));
    const old = (await getFeed(member)).url;
    expect((await fetchFeed(old)).statusCode).toBe(200);

    const reset = await resetFeed(member);
    expect(reset.code).toBe(0);
    expect(reset.url).not.toBe(old);
    expect(reset.url).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect(await events(reset.url)).toHaveLength(1);
    expect((await getFeed(member)).url).toBe(reset.url);
  });

  it('works before any feed exists, and many resets at once leave exactly one live url', async () => {
    const member = await buildMember(t);
    expect((await resetFeed(member)).code).toBe(0);
    const results = await Promise.all(Array.from({ length: 8 }, () => resetFeed(member)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(new Set(results.map((r) => r.url)).size).toBe(results.length);
    // The last reset to commit holds the live url; every other answered url is revoked.
    const live = (await getFeed(member)).url;
    expect(results.some((r) => r.url === live)).toBe(true);
    const statuses = await Promise.all(results.map(async (r) => (await fetchFeed(r.url)).statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });
});

describe('renderCalendar', () => {
  it('writes UTC times, folds long lines and escapes text', () => {
    const text = renderCalendar({
      name: 'Studio',
      now: new Date('2026-11-22T09:00:00Z'),
      events: [
        {
          uid: 'reservation-1@studio',
          start: new Date('2026-11-23T18:30:00Z'),
          end: new Date('2026-11-23T19:30:00Z'),
          summary: 'Yin; slow, deep',
          location: `Room, ${'a long address'.repeat(8)}`,
          description: 'Teacher: A',
          created: new Date('2026-11-20T00:00:00Z'),
        },
      ],
    });
    const [event] = parseICalendar(text).children;
    expect(prop(event!, 'DTSTART')).toBe('20261123T183000Z');
    expect(prop(event!, 'DTSTAMP')).toBe('20261122T090000Z');
    expect(prop(event!, 'SUMMARY')).toBe('Yin; slow, deep');
    expect(prop(event!, 'LOCATION')).toBe(`Room, ${'a long address'.repeat(8)}`);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });
});

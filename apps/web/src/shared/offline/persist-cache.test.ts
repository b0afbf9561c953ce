import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { del, get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@/shared/config';
import { busterOf, forgetSaved, startSaving, stopSaving } from './persist-cache';

const STORAGE_KEY = 'studio-saved-queries';
const reservations = ['client/course.getMyReservations', { status: 'registered' }, { pageSize: 20 }, 'pages'] as const;
const packages = ['client/course.getMyPackages', {}] as const;
const schedule = ['client/course.pub_getSchedule', { date_from: '2026-11-28', date_to: '2026-11-28' }, 'u1'] as const;
const reservationPage = {
  pages: [{ rows: [{ _id: 'r1', code: 'K7Q2M9', status: 'registered' }], total: 1, hasMore: false }],
  pageParams: [1],
};

interface Saved {
  buster: string;
  clientState: { queries: { queryKey: unknown[] }[] };
}

async function saved(): Promise<Saved | undefined> {
  const text = await get<string>(STORAGE_KEY);
  return text ? (JSON.parse(text) as Saved) : undefined;
}

/** Moves the fake clock past the persister's one-second throttle until the copy holds `count` queries. */
async function savedQueries(count: number): Promise<unknown[][]> {
  let keys: unknown[][] = [];
  for (let step = 0; step < 20; step += 1) {
    keys = (await saved())?.clientState.queries.map((q) => q.queryKey) ?? [];
    if (keys.length === count) break;
    await vi.advanceTimersByTimeAsync(250);
  }
  expect(keys).toHaveLength(count);
  return keys;
}

// Each test starts a month after the last: the persister (one per app) remembers when it last saved.
let today = Date.parse('2026-11-28T10:42:00Z');
beforeEach(() => {
  // Only the timers the persister throttles with; IndexedDB's fake schedules its own tasks.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  today += 30 * 24 * 3_600_000;
  vi.setSystemTime(today);
});
afterEach(async () => {
  stopSaving();
  vi.useRealTimers();
  await del(STORAGE_KEY);
});

/** A member's phone: answers fetched, then kept while the app runs. */
async function phoneOf(member: string): Promise<QueryClient> {
  const client = new QueryClient();
  client.setQueryData(reservations, reservationPage);
  client.setQueryData(schedule, { rows: [] });
  await startSaving(client, member);
  client.setQueryData(packages, { rows: [{ _id: 'p1', remaining_count: 4 }] });
  return client;
}

describe('the copy kept on the phone', () => {
  it('holds only the allow-listed answers, under the app version and the member', async () => {
    await phoneOf('u1');
    const keys = await savedQueries(2);
    expect(keys).toEqual(expect.arrayContaining([[...reservations], [...packages]]));
    expect((await saved())?.buster).toBe(`${APP_VERSION}:u1`);
    expect(busterOf('u1')).toBe(`${APP_VERSION}:u1`);
  });

  it('comes back after a reload, with when each answer was fetched', async () => {
    const before = await phoneOf('u1');
    await savedQueries(2);
    const fetchedAt = before.getQueryState(reservations)?.dataUpdatedAt;
    stopSaving();

    vi.setSystemTime(today + 8 * 3_600_000);
    const reloaded = new QueryClient();
    await startSaving(reloaded, 'u1');
    expect(reloaded.getQueryData(reservations)).toEqual(reservationPage);
    expect(reloaded.getQueryState(reservations)?.dataUpdatedAt).toBe(fetchedAt);
    expect(reloaded.getQueryData(packages)).toEqual({ rows: [{ _id: 'p1', remaining_count: 4 }] });
    expect(reloaded.getQueryData(schedule)).toBeUndefined();
  });

  it('is deleted unread when another member logs in on the phone', async () => {
    await phoneOf('u1');
    await savedQueries(2);
    stopSaving();

    const other = new QueryClient();
    await startSaving(other, 'u2');
    expect(other.getQueryData(reservations)).toBeUndefined();
    expect(await saved()).toBeUndefined();
  });

  it('is not restored after a week', async () => {
    await phoneOf('u1');
    await savedQueries(2);
    stopSaving();

    vi.setSystemTime(today + 7 * 24 * 3_600_000 + 60_000);
    const later = new QueryClient();
    await startSaving(later, 'u1');
    expect(later.getQueryData(reservations)).toBeUndefined();
  });

  it('is deleted when the member signs out', async () => {
    await phoneOf('u1');
    await savedQueries(2);
    expect(localStorage.getItem('studio-saved-queries')).toBe('1');
    await forgetSaved();
    expect(await saved()).toBeUndefined();
    expect(localStorage.getItem('studio-saved-queries')).toBeNull();
  });
});

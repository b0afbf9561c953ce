import { inZone } from '@studio/contract/format';
import { forgetZoneOffsets } from '@studio/contract/zone-offsets';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mchInfoQuery } from './mch-info';

const DAY = 86_400_000;
const now = Date.now();
// A made-up offset no real zone has, so only the table can produce it.
const utcOffsets = { from: now - DAY, until: now + DAY, changes: [[now - DAY, 317]] };

vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async () => {
    const mchInfo = { name: 'Lotus Studio', timezone: 'Europe/London', currency: 'GBP', utc_offsets: utcOffsets };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', mchInfo, appInfo: {} }));
  }),
);
afterAll(() => {
  forgetZoneOffsets('Europe/London');
  vi.unstubAllGlobals();
});

describe('the studio info query', () => {
  it("keeps the timezone's offsets it brings, so dates convert without the browser's timezone data", async () => {
    expect(inZone(now, 'Europe/London').format('Z')).not.toBe('+05:17');
    await new QueryClient().fetchQuery(mchInfoQuery);
    expect(inZone(now, 'Europe/London').format('Z')).toBe('+05:17');
    // Outside the window it was given, the zone itself answers.
    expect(inZone(now + 2 * DAY, 'Europe/London').format('Z')).toMatch(/^\+0[01]:00$/);
  });
});

import type { PackageRecord } from '@studio/contract/packages';
import type { SessionRecord } from '@studio/contract/schedule';
import { describe, expect, it } from 'vitest';
import { packagesForSession } from './packages';

const pkg = (over: Partial<PackageRecord>): PackageRecord => ({
  _id: 'p',
  name: 'Pass',
  total_count: 10,
  remaining_count: 5,
  status: 'used',
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: null,
  course_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const session = { course_id: 'yin', starts_at: '2026-06-01T18:00:00.000Z' } as SessionRecord;

describe('packagesForSession', () => {
  it('keeps packages that can pay, the one expiring first first', () => {
    const rows = [
      pkg({ _id: 'long-term' }),
      pkg({ _id: 'june', valid_until: '2026-06-30T00:00:00.000Z' }),
      pkg({ _id: 'july', valid_until: '2026-07-31T00:00:00.000Z', status: 'unused', remaining_count: 10 }),
    ];
    expect(packagesForSession(rows, session).map((p) => p._id)).toEqual(['june', 'july', 'long-term']);
  });

  it.each([
    ['used up', { status: 'completed', remaining_count: 0 }],
    ['expired', { status: 'expired' }],
    ['for other courses', { course_ids: ['vinyasa'] }],
    ['ending before the class', { valid_until: '2026-05-31T00:00:00.000Z' }],
    ['starting after the class', { valid_from: '2026-06-02T00:00:00.000Z' }],
  ] as const)('leaves out a package %s', (_, over) => {
    expect(packagesForSession([pkg(over as Partial<PackageRecord>)], session)).toEqual([]);
  });

  it('accepts a package limited to this course', () => {
    expect(packagesForSession([pkg({ course_ids: ['yin'] })], session)).toHaveLength(1);
  });
});

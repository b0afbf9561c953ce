import { describe, expect, it } from 'vitest';
import { flattenPages, isClassQuery, nextPageIndex } from './class-queries';

const page = (ids: string[], hasMore: boolean) => ({ rows: ids.map((_id) => ({ _id })), total: 99, hasMore });

describe('paged lists (spec 4)', () => {
  it('asks for the next page only after a full page that has more', () => {
    expect(nextPageIndex(page(['a', 'b'], true), [page(['a', 'b'], true)], 2)).toBe(2);
    expect(nextPageIndex(page(['a'], true), [page(['a'], true)], 2)).toBeUndefined();
    expect(nextPageIndex(page([], true), [page([], true)], 2)).toBeUndefined();
    expect(nextPageIndex(page(['a', 'b'], false), [page(['a', 'b'], false)], 2)).toBeUndefined();
  });

  it('appends later pages without repeating an _id', () => {
    expect(flattenPages([page(['a', 'b'], true), page(['b', 'c'], false)]).map((r) => r._id)).toEqual(['a', 'b', 'c']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('isClassQuery', () => {
  it.each([
    [['client/course.getMyReservations', {}], true],
    [['client/teacher.getRoster', {}], true],
    [['client/pub.getMchInfo', {}], false],
    [['user/kh/getMyUserInfo', {}], false],
  ])('%j → %s', (queryKey, expected) => {
    expect(isClassQuery({ queryKey })).toBe(expected);
  });
});

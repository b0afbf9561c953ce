import { describe, expect, it } from 'vitest';
// The paging rules moved with the paged-list helper: packages/client/src/paged.test.ts.
import { isClassQuery } from './class-queries';

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

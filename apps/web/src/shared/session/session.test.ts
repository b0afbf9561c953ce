import { describe, expect, it } from 'vitest';
import { isTokenValid, localDay } from './session';

const now = Date.parse('2025-03-01T12:00:00Z');
const user = (token: string | null, expired: number | null) => ({
  uni_id_token: token,
  uni_id_token_expired: expired,
  uni_id_user_info: null,
});

describe('isTokenValid', () => {
  it.each([
    ['a token expiring later', user('t', now + 1), true],
    ['a token expiring now', user('t', now), false],
    ['an expired token', user('t', now - 1), false],
    ['a token without expiry', user('t', null), false],
    ['no token', user(null, now + 1000), false],
    ['an empty token', user('', now + 1000), false],
  ])('%s → %s', (_, u, expected) => {
    expect(isTokenValid(u, now)).toBe(expected);
  });
});

describe('localDay', () => {
  it('formats the local date', () => {
    expect(localDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

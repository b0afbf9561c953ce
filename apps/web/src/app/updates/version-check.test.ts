import { describe, expect, it } from 'vitest';
import { isOlder, updateNeedOf } from './version-check';

describe('isOlder', () => {
  it.each([
    ['1.0.0', '1.0.1', true],
    ['1.2.0', '1.10.0', true],
    ['2.0.0', '1.99.99', false],
    ['1.0.0+abc', '1.0.0+xyz', false],
    ['1.0.0', '1.0.0', false],
    ['1.0', '1.0.1', true],
    ['0.9.9-beta', '1.0.0', true],
  ])('%s older than %s: %s', (a, b, expected) => {
    expect(isOlder(a, b)).toBe(expected);
  });
});

describe('updateNeedOf', () => {
  const own = '1.4.0+k2x9';
  it('nothing when the server serves this build', () => {
    expect(updateNeedOf({ version: own, min_version: '1.0.0' }, own)).toBeNull();
  });
  it('available when the server serves another build, even of the same number', () => {
    expect(updateNeedOf({ version: '1.4.0+k3aa', min_version: '1.0.0' }, own)).toBe('available');
    expect(updateNeedOf({ version: '1.5.0+k3aa', min_version: '0.0.0' }, own)).toBe('available');
  });
  it('nothing when the server knows no build (0.0.0) or serves an older number', () => {
    expect(updateNeedOf({ version: '0.0.0', min_version: '0.0.0' }, own)).toBeNull();
    expect(updateNeedOf({ version: '1.3.9+zz', min_version: '0.0.0' }, own)).toBeNull();
  });
  it('required when this app is below min_version', () => {
    expect(updateNeedOf({ version: '2.0.0+a', min_version: '1.5.0' }, own)).toBe('required');
  });
});

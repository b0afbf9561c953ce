import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';

describe('initialsOf', () => {
  it.each([
    ['Jane Doe', 'JD'],
    ['jane', 'J'],
    ['  jane   van doe ', 'JD'],
    ['王小明', '王'],
    ['', '?'],
    ['😀 smile', '😀'],
  ])('%j → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { accountErrors } from './errors-account';
import { classErrors } from './errors-classes';
import { shopErrors } from './errors-shop';

describe('the error catalogue', () => {
  it('names each error in one group only (a name in two would silently keep the later one)', () => {
    const names = [accountErrors, classErrors, shopErrors].flatMap((group) => Object.keys(group));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(Object.keys(ERRORS).sort()).toEqual([...names].sort());
  });

  it('gives every error a message in each language', () => {
    for (const [name, def] of Object.entries(ERRORS)) {
      for (const text of Object.values(def.msg)) expect(text.trim(), name).not.toBe('');
    }
  });
});

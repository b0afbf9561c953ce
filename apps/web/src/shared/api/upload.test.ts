import { describe, expect, it } from 'vitest';
import { checkImage } from './upload';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'picture', { type });
const MB = 1024 * 1024;

describe('checkImage', () => {
  it.each([
    ['image/png', 10, null],
    ['image/jpeg', 2 * MB, null],
    ['image/jpeg', 2 * MB + 1, 'FILE_TOO_LARGE'],
    ['application/pdf', 10, 'FILE_TYPE_INVALID'],
    ['image/svg+xml', 10, 'FILE_TYPE_INVALID'],
  ])('%s of %i bytes → %s', (type, size, code) => {
    expect(checkImage(file(type, size))?.code ?? null).toBe(code);
  });

  it('explains the limit in the message', () => {
    expect(checkImage(file('image/png', 3 * MB))?.msg).toBe('The file is too large (max 2 MB)');
  });
});

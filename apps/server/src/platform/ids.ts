import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomChars(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 36];
  return out;
}

/** A record id: time-ordered prefix (so ids sort by creation) plus 12 random characters. */
export function newId(): string {
  return Date.now().toString(36).padStart(9, '0') + randomChars(12);
}

/** An unguessable code of the given length from digits and upper-case letters (no 0/O/1/I). */
export function randomCode(length: number, alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export function randomDigits(length: number): string {
  return randomCode(length, '0123456789');
}

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** scrypt's N in production (config PASSWORD_HASH_COST): tens of milliseconds of one core per hash. */
export const DEFAULT_HASH_COST = 16384;
/** The largest N a hash may carry: beyond it scrypt needs more memory than a request should take. */
export const MAX_HASH_COST = 131072;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

const isValidCost = (n: number) => Number.isInteger(n) && n >= 2 && n <= MAX_HASH_COST && (n & (n - 1)) === 0;

function derive(password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number) {
  // scrypt needs about 128·N·r bytes: Node's default limit (32 MiB) would refuse N = 2^15 and up.
  return scryptAsync(password, salt, keyLength, { N, r, p, maxmem: Math.max(32 * 1024 * 1024, 256 * N * r) });
}

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash base64url: the parameters travel with the hash, so a
 * hash made at any cost verifies. `cost` is scrypt's N (a power of two), from the config.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  if (!isValidCost(cost)) throw new Error(`password hash cost must be a power of two up to ${MAX_HASH_COST}`);
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEY_LENGTH, cost, R, P);
  return ['scrypt', cost, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash || !isValidCost(Number(n)) || r !== String(R) || p !== String(P))
    return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), expected.length, Number(n), R, P);
  return timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();
/**
 * A hash no password matches, at `cost`: compared in place of a missing account's or password's,
 * so that the answer takes as long as a real comparison. One per cost, made on first use.
 */
export function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

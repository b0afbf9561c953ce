import { randomBytes, webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '@studio/contract/account';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import { DAY } from './clock';

/** A token's life by default: the merchant's tokenTtlDays (a setting) starts at 7 days. */
export const TOKEN_TTL_MS = 7 * DAY;
/** A logged-in call in the last 3 days of a token's life gets a fresh token. */
export const TOKEN_RENEW_WITHIN_MS = 3 * DAY;
export const MAX_LIVE_TOKENS = 10;

export interface TokenClaims {
  uid: string;
  role: Role[];
  permission: string[];
  /** The token row id (jti), for revocation. */
  jti: string;
  /** Expiry in ms since epoch. */
  exp: number;
}

export type TokenFailure = 'TOKEN_INVALID' | 'TOKEN_EXPIRED';

/** A secret from the environment, else one generated once into the data directory as `fileName`. */
export function loadSecret(secret: string | undefined, dataDir: string, fileName: string): string {
  if (secret) return secret;
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** The HS256 secret: TOKEN_SECRET, else one generated once into the data directory. */
export function loadTokenSecret(secret: string | undefined, dataDir: string): Uint8Array {
  return new TextEncoder().encode(loadSecret(secret, dataDir, 'token-secret'));
}

export class TokenSigner {
  /** Imported once: handing jose the raw bytes would import the key again on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * The check of a token's signature, synchronous on node:crypto (fast-jwt): jose's goes through
   * WebCrypto, 6–15× the time, which a rush of a thousand members, each with a token not yet
   * remembered (account/token-cache.ts), paid on every call. Expiry is checked against the
   * caller's clock below.
   */
  private readonly checkSignature: (token: string) => Record<string, unknown>;

  constructor(secret: Uint8Array) {
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.checkSignature = createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      ignoreExpiration: true,
      cache: false,
    });
  }

  async sign(claims: Omit<TokenClaims, 'exp'> & { exp: number }, now: Date): Promise<string> {
    return new SignJWT({ uid: claims.uid, role: claims.role, permission: claims.permission })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(claims.jti)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(claims.exp / 1000))
      .sign(await this.key);
  }

  /** Checks signature and expiry against `now`; a malformed token is TOKEN_INVALID. */
  async verify(token: string, now: Date): Promise<TokenClaims | TokenFailure> {
    let payload: Record<string, unknown>;
    try {
      payload = this.checkSignature(token);
    } catch {
      return 'TOKEN_INVALID';
    }
    if (typeof payload.uid !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      return 'TOKEN_INVALID';
    }
    // As jose counted it: expired from the second of `exp` on.
    if (payload.exp <= Math.floor(now.getTime() / 1000)) return 'TOKEN_EXPIRED';
    return {
      uid: payload.uid,
      role: Array.isArray(payload.role) ? (payload.role as Role[]) : [],
      permission: Array.isArray(payload.permission) ? (payload.permission as string[]) : [],
      jti: payload.jti,
      exp: payload.exp * 1000,
    };
  }
}

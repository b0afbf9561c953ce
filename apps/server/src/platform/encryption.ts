import { createCipheriv, createDecipheriv, createHash, randomInt } from 'node:crypto';
import { AppError } from './errors';
import { type EncryptedAnswer, isRecord, type KeyParts, type PayloadCodec } from './protocol';

/**
 * Payload encryption of API.md: obfuscation against casual inspection, not security (TLS is).
 *
 * - Request: header `vk-encrypt: true` (or `aes-256-ecb`, or `aes-256-cbc`); in place of `data`, the
 *   base64 of AES-256 (PKCS7) over `JSON({ ...data, timeStamp })`, keyed with the 32 hex characters
 *   of `md5(appId + deviceId + token)` used as the 32 key bytes ("undefined" stands in for a missing
 *   token, as the client's string concatenation gives).
 * - 411 when the payload cannot be decrypted, 410 when its timeStamp is more than 5 s old.
 * - Successful answers come back as `{ encrypt: true, data: "<cipher>,<ts>,<rand>" }`, the cipher
 *   keyed with `md5(key + ts + rand)`. Error answers are plain, so that a client can always read
 *   the code (token errors, 410/411, INVALID_PARAM).
 * - aes-256-cbc: the spec says only "IV: 16 characters"; the IV is the first 16 characters of the
 *   same key, on both sides.
 */
export const ENCRYPTED_REQUEST_MAX_AGE_MS = 5_000;

export type PayloadCipher = 'aes-256-ecb' | 'aes-256-cbc';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The cipher a `vk-encrypt` header asks for; null for one we do not speak. */
export function cipherOf(mode: string): PayloadCipher | null {
  const m = mode.trim().toLowerCase();
  if (m === 'true' || m === 'aes-256-ecb') return 'aes-256-ecb';
  if (m === 'aes-256-cbc') return 'aes-256-cbc';
  return null;
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export function requestKey(parts: KeyParts): string {
  return md5Hex(`${parts.appId}${parts.deviceId}${parts.token ?? 'undefined'}`);
}

export function answerKey(requestKeyHex: string, ts: number, rand: string): string {
  return md5Hex(`${requestKeyHex}${ts}${rand}`);
}

function cipherArgs(key: string, cipher: PayloadCipher): [Buffer, Buffer | null] {
  const keyBytes = Buffer.from(key, 'utf8');
  return [keyBytes, cipher === 'aes-256-cbc' ? keyBytes.subarray(0, 16) : null];
}

export function encryptText(plain: string, key: string, cipher: PayloadCipher): string {
  const c = createCipheriv(cipher, ...cipherArgs(key, cipher));
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
}

/** Throws when the key is wrong (bad padding) or the text is not base64 of whole blocks. */
export function decryptText(base64: string, key: string, cipher: PayloadCipher): string {
  const d = createDecipheriv(cipher, ...cipherArgs(key, cipher));
  return Buffer.concat([d.update(Buffer.from(base64, 'base64')), d.final()]).toString('utf8');
}

function randomAlphanumerics(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export const payloadCodec: PayloadCodec = {
  decode(data, parts, now, mode) {
    const cipher = cipherOf(mode);
    if (!cipher || typeof data !== 'string') throw new AppError('DECRYPT_FAILED');
    let payload: unknown;
    try {
      payload = JSON.parse(decryptText(data, requestKey(parts), cipher));
    } catch {
      throw new AppError('DECRYPT_FAILED');
    }
    if (!isRecord(payload) || typeof payload.timeStamp !== 'number') throw new AppError('DECRYPT_FAILED');
    const { timeStamp, ...rest } = payload;
    // Stale or from the future (a replay with a forged time) alike: outside the 5 s window.
    if (Math.abs(now.getTime() - timeStamp) > ENCRYPTED_REQUEST_MAX_AGE_MS) throw new AppError('ENCRYPT_TOO_OLD');
    return rest;
  },

  encode(answer, parts, now, mode): EncryptedAnswer {
    const cipher = cipherOf(mode) ?? 'aes-256-ecb';
    const ts = now.getTime();
    const rand = randomAlphanumerics(6);
    const cipherText = encryptText(JSON.stringify(answer), answerKey(requestKey(parts), ts, rand), cipher);
    return { encrypt: true, data: `${cipherText},${ts},${rand}` };
  },
};

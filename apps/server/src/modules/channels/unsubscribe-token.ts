import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREFERENCE_CATEGORIES, type PreferenceCategory } from '@studio/contract/channels';
import type { Config } from '../../config';
import { loadSecret } from '../../platform/tokens';

/*
 * The signed link of an e-mail's one-click unsubscribe (RFC 8058): the member and the category it
 * turns off, with an HMAC under a key derived from the app's token secret. It does not expire: an
 * old e-mail's link still works. It only ever turns e-mail off for that category.
 */

const keys = new WeakMap<Config, Buffer>();

function keyOf(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    const secret = loadSecret(config.TOKEN_SECRET, config.DATA_DIR, 'token-secret');
    key = createHmac('sha256', secret).update('notice-unsubscribe').digest();
    keys.set(config, key);
  }
  return key;
}

const signature = (config: Config, userId: string, category: string) =>
  createHmac('sha256', keyOf(config)).update(`${userId}\n${category}`).digest();

export function unsubscribeToken(config: Config, userId: string, category: PreferenceCategory): string {
  const who = Buffer.from(userId).toString('base64url');
  return `${who}.${category}.${signature(config, userId, category).toString('base64url')}`;
}

/** The member and category of a token this app signed; null for anything else. */
export function readUnsubscribeToken(
  config: Config,
  token: string,
): { userId: string; category: PreferenceCategory } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [who, category, sig] = parts as [string, string, string];
  if (!(PREFERENCE_CATEGORIES as readonly string[]).includes(category)) return null;
  const userId = Buffer.from(who, 'base64url').toString();
  if (!userId || Buffer.from(userId).toString('base64url') !== who) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(config, userId, category);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, category: category as PreferenceCategory };
}

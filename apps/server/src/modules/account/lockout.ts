import { createHash } from 'node:crypto';
import type { Locale } from '@studio/contract/locale';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import { fail } from '../../platform/errors';
import { dummyHash, verifyPassword } from '../../platform/passwords';
import type { CallContext } from '../../platform/protocol';
import { clientAddress } from '../../platform/rate-limit';
import { runUnitOfWork } from '../../platform/unit-of-work';
import * as repo from './repo';
import { sendSecurityMail } from './security-mail';

/**
 * The password lockout of RULES.md (Accounts), which nobody can turn against a member:
 * - 6 wrong passwords from one address lock password login to that account *from that address*
 *   for 1 hour (then the count starts afresh; a right password from there clears it);
 * - 30 wrong passwords from any addresses within a sliding hour lock password login to the account
 *   from every address for 15 minutes (then the hour starts afresh), and the member is told by
 *   e-mail, once per lock, if they have an address;
 * - a code login (e-mail, SMS) and a password reset stay open throughout; a new password (changed,
 *   reset) lifts every lock of the account (memberKey).
 * Wrong old passwords of a password change count too (they guess the same secret). An attempt is
 * counted before its password is compared, so that parallel guesses, on any number of instances,
 * never get more than 6 per address, and 30 in all, compared. A name no account has counts and
 * locks exactly alike (only no e-mail goes anywhere), so the answers never tell them apart.
 * The address is the client's as the rate limiter sees it (X-Forwarded-For with TRUST_PROXY).
 */
export const LOCKOUT: repo.LockoutLimits = {
  perAddress: { max: 6, lockMs: HOUR },
  everyAddress: { max: 30, windowMs: HOUR, lockMs: 15 * MINUTE },
};

/** Counts untouched for this long are forgotten (every lock is long over by then). */
const COUNT_MEMORY_MS = 30 * DAY;

/** A member (`userId`), or a name no account has (`account`: what was typed, lower case). */
export type LoginSubject = { userId: string } | { account: string };

/**
 * What a member's counts are kept under: their id and a digest of their password's hash, so that
 * a new password (changed, reset by code, or reset at start by ADMIN_PASSWORD) starts every count
 * and lock afresh, whoever writes it: they were guesses at the old one. (Migration 0021 computes
 * the same key in SQL.)
 */
export function memberKey(userId: string, passwordHash: string | null): string {
  const digest = passwordHash ? createHash('sha256').update(passwordHash).digest('hex').slice(0, 12) : 'none';
  return `${userId}:${digest}`;
}

const lockedError = (lockedUntil: Date, now: Date): never =>
  fail('ACCOUNT_LOCKED', { minutes: Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE) });

/**
 * Compares a password within the lockout. Answers whether it matched; a refused attempt, and the
 * failure that locks, answer ACCOUNT_LOCKED with the minutes left.
 */
export async function comparePasswordWithinLockout(
  ctx: CallContext,
  who: LoginSubject,
  password: string,
  stored: string | null,
  now: Date,
): Promise<boolean> {
  const account = 'userId' in who ? memberKey(who.userId, stored) : `name:${who.account}`;
  const address = clientAddress(ctx.client.ip);
  const place = await runUnitOfWork(ctx, ({ tx }) => repo.reserveLoginAttempt(tx, account, address, now, LOCKOUT));
  if ('lockedUntil' in place) return lockedError(place.lockedUntil, now);
  const hash = stored ?? (await dummyHash(ctx.config.PASSWORD_HASH_COST));
  if ((await verifyPassword(password, hash)) && stored) {
    await repo.clearLoginAttempt(ctx.db, account, address, place.guessId);
    return true;
  }
  const locks = await runUnitOfWork(ctx, ({ tx }) => repo.lockLoginAfterFailure(tx, account, address, now, LOCKOUT));
  await repo.forgetLoginFailures(
    ctx.db,
    new Date(now.getTime() - LOCKOUT.everyAddress.windowMs),
    new Date(now.getTime() - COUNT_MEMORY_MS),
  );
  if (locks.everyAddress && 'userId' in who) await tellMemberOfLock(ctx, who.userId, locks.everyAddress, now);
  const until = [locks.address, locks.everyAddress].filter((d) => d !== null).sort((a, b) => b.getTime() - a.getTime());
  if (until[0]) lockedError(until[0], now);
  return false;
}

/**
 * E-mails a member whose password login was locked for every address, in the language their app
 * last used, else the studio's (never the request's: that is the guesser's). A mail that cannot be sent is
 * logged (the outbox row says why) and changes nothing else: the answer must not tell.
 */
async function tellMemberOfLock(ctx: CallContext, userId: string, until: Date, now: Date): Promise<void> {
  const minutes = Math.ceil((until.getTime() - now.getTime()) / MINUTE);
  try {
    await sendSecurityMail(ctx, userId, (locale, studio) =>
      lockMessage(locale, studio, LOCKOUT.everyAddress.max, minutes),
    );
  } catch (err) {
    ctx.log.warn({ err, userId }, 'lockout e-mail not sent');
  }
}

/** The e-mail telling a member that password login is paused. */
export function lockMessage(
  locale: Locale,
  studio: string,
  wrong: number,
  minutes: number,
): { subject: string; text: string } {
  switch (locale) {
    case 'zh-Hans':
      return {
        subject: `${studio}账号的密码登录已暂停`,
        text: `【${studio}】一小时内有人 ${wrong} 次输入了您账号的错误密码。为保护您的账号，密码登录暂停 ${minutes} 分钟。您仍可使用邮箱或手机验证码登录，也可以重置密码。您的密码没有被更改；如非本人操作，建议您更换密码。`,
      };
    case 'zh-Hant':
      return {
        subject: `${studio}帳號的密碼登入已暫停`,
        text: `【${studio}】一小時內有人 ${wrong} 次輸入了您帳號的錯誤密碼。為保護您的帳號，密碼登入暫停 ${minutes} 分鐘。您仍可使用電子郵件或手機驗證碼登入，也可以重設密碼。您的密碼沒有被更改；如非本人操作，建議您更換密碼。`,
      };
    default:
      return {
        subject: `Password sign-in to your ${studio} account is paused`,
        text: `Someone entered a wrong password for your ${studio} account ${wrong} times within an hour. To protect your account, signing in with the password is paused for ${minutes} minutes. You can still sign in with a code sent to your e-mail or mobile, or reset your password. Your password has not been changed; if this was not you, consider choosing a new one.`,
      };
  }
}

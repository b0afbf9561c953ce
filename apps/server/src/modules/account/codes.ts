import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MINUTES, type CodePurpose } from '@studio/contract/account';
import type { Locale } from '@studio/contract/locale';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Config, publicBaseOf } from '../../config';
import { MINUTE } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db';
import { renderSecurityEmail, studioBrand } from '../../platform/email-layout';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { mailerFor } from '../../platform/mail';
import type { CallContext } from '../../platform/protocol';
import { smsFor } from '../../platform/sms';
import { loadTokenSecret } from '../../platform/tokens';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { getMerchant, toMchInfo } from '../merchant';
import { verifyCodes } from './schema';

export type CodeChannel = 'email' | 'sms';

const RESEND_MS = CODE_RESEND_SECONDS * 1000;

/** Codes are stored as an HMAC keyed by a server secret: a copy of the database alone cannot test the 10^6 codes. */
const codeKeys = new WeakMap<Config, Buffer>();
function codeKey(config: Config): Buffer {
  let key = codeKeys.get(config);
  if (!key) {
    const secret = loadTokenSecret(config.TOKEN_SECRET, config.DATA_DIR);
    key = createHmac('sha256', secret).update('verify-codes').digest();
    codeKeys.set(config, key);
  }
  return key;
}

/** E-mail addresses compare without case; numbers as typed. */
function normalizeTarget(channel: CodeChannel, target: string): string {
  const value = target.trim();
  return channel === 'email' ? value.toLowerCase() : value;
}

function hashCode(config: Config, channel: CodeChannel, target: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', codeKey(config)).update(`${channel}\n${target}\n${purpose}\n${code}`).digest('base64url');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const PURPOSE_TEXT: Record<Locale, Record<CodePurpose, string>> = {
  en: {
    login: 'to sign in',
    reset: 'to reset your password',
    bind: 'to link this address to your account',
    unbind: 'to unlink this address from your account',
  },
  'zh-Hans': { login: '登录', reset: '重置密码', bind: '绑定', unbind: '解绑' },
  'zh-Hant': { login: '登入', reset: '重設密碼', bind: '綁定', unbind: '解綁' },
};

/** The message that carries a code, in the member's language. */
export function codeMessage(
  locale: Locale,
  studio: string,
  purpose: CodePurpose,
  code: string,
  minutes: number,
): { subject: string; text: string } {
  const what = PURPOSE_TEXT[locale][purpose];
  switch (locale) {
    case 'zh-Hans':
      return {
        subject: `${studio}验证码`,
        text: `【${studio}】您的${what}验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本消息。`,
      };
    case 'zh-Hant':
      return {
        subject: `${studio}驗證碼`,
        text: `【${studio}】您的${what}驗證碼是 ${code}，${minutes} 分鐘內有效。如非本人操作，請忽略本訊息。`,
      };
    default:
      return {
        subject: `Your ${studio} verification code`,
        text: `Your ${studio} verification code ${what} is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
      };
  }
}

/**
 * Issues a code for a target and purpose: at most one send per target every 60 seconds
 * (CODE_TOO_FREQUENT with the seconds left), a fresh code replaces any earlier one of that purpose.
 * With `deliver` false the code is stored but sent nowhere (a reset for an unknown address): the
 * answers and the resend interval stay identical, so nobody learns whether the account exists.
 * If sending fails, the code is removed again: the member can ask again at once.
 */
export async function issueCode(
  ctx: CallContext,
  channel: CodeChannel,
  target: string,
  purpose: CodePurpose,
  deliver: boolean,
): Promise<void> {
  const now = ctx.clock.now();
  const key = normalizeTarget(channel, target);
  const code = newCode();
  const id = newId();
  const ttlMinutes = CODE_TTL_MINUTES[channel];
  await runUnitOfWork(ctx, async ({ tx }) => {
    // Serialises sends to one target, so that two racing requests cannot both pass the interval check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-code:${channel}:${key}`}))`);
    const [last] = await tx
      .select({ createdAt: verifyCodes.createdAt })
      .from(verifyCodes)
      .where(and(eq(verifyCodes.channel, channel), eq(verifyCodes.target, key)))
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1);
    const waitMs = last ? last.createdAt.getTime() + RESEND_MS - now.getTime() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      fail('CODE_TOO_FREQUENT', { seconds }, { seconds });
    }
    await tx.insert(verifyCodes).values({
      id,
      channel,
      target: key,
      purpose,
      codeHash: hashCode(ctx.config, channel, key, purpose, code),
      expiresAt: new Date(now.getTime() + ttlMinutes * MINUTE),
      createdAt: now,
    });
  });
  if (!deliver) return;

  const studio = toMchInfo(await getMerchant(ctx.db), ctx.locale);
  const message = codeMessage(ctx.locale, studio.name, purpose, code, ttlMinutes);
  try {
    if (channel === 'email') {
      const mail = renderSecurityEmail({
        studio: studioBrand(publicBaseOf(ctx.config), studio),
        locale: ctx.locale,
        title: message.subject,
        body: message.text,
        code,
      });
      await mailerFor(ctx.config).send(ctx, { to: target.trim(), ...mail, secret: code });
    } else {
      await smsFor(ctx.config).send(ctx, { to: target.trim(), ...message, secret: code });
    }
  } catch (error) {
    await ctx.db.delete(verifyCodes).where(eq(verifyCodes.id, id));
    throw error;
  }
}

export interface CodeCheck {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  code: string;
  /** The input field the code came in, named when it is wrong. */
  field: string;
}

/**
 * Checks the newest code of a target and purpose inside the caller's transaction. A wrong guess
 * counts; after CODE_MAX_ATTEMPTS the code is dead. Answers the row id when the code is right.
 */
async function checkCode(tx: Tx, config: Config, now: Date, check: CodeCheck): Promise<string | null> {
  const key = normalizeTarget(check.channel, check.target);
  const [row] = await tx
    .select()
    .from(verifyCodes)
    .where(
      and(eq(verifyCodes.channel, check.channel), eq(verifyCodes.target, key), eq(verifyCodes.purpose, check.purpose)),
    )
    .orderBy(desc(verifyCodes.createdAt), desc(verifyCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) return null;
  const expected = Buffer.from(row.codeHash);
  const actual = Buffer.from(hashCode(config, check.channel, key, check.purpose, check.code));
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return row.id;
  await tx
    .update(verifyCodes)
    .set({ attempts: sql`${verifyCodes.attempts} + 1` })
    .where(eq(verifyCodes.id, row.id));
  return null;
}

/**
 * Runs `action` in one transaction that also uses up the given codes. If any code is wrong the
 * attempt is counted (that much commits), nothing else happens, and the call answers CODE_INVALID
 * naming the field. If `action` fails, the codes stay unused.
 */
export async function withCodes<T>(
  ctx: CallContext,
  checks: CodeCheck[],
  action: (tx: Tx, work: Work) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  const outcome = await runUnitOfWork(ctx, async (work) => {
    const { tx } = work;
    const ids: string[] = [];
    let wrongField: string | null = null;
    for (const check of checks) {
      const id = await checkCode(tx, ctx.config, now, check);
      if (id) ids.push(id);
      else wrongField ??= check.field;
    }
    if (wrongField) return { ok: false as const, field: wrongField };
    for (const id of ids) await tx.update(verifyCodes).set({ usedAt: now }).where(eq(verifyCodes.id, id));
    return { ok: true as const, value: await action(tx, work) };
  });
  if (!outcome.ok) return fail('CODE_INVALID', {}, { field: outcome.field });
  return outcome.value;
}

/** Codes of a target, newest first (tests and support tooling; never answered by a call). */
export function listCodes(db: DbOrTx, channel: CodeChannel, target: string) {
  return db
    .select()
    .from(verifyCodes)
    .where(and(eq(verifyCodes.channel, channel), eq(verifyCodes.target, normalizeTarget(channel, target))))
    .orderBy(desc(verifyCodes.createdAt));
}

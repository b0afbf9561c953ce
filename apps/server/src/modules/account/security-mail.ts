import type { Locale } from '@studio/contract/locale';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicBaseOf } from '../../config';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { renderSecurityEmail, studioBrand } from '../../platform/email-layout';
import { afterCommit, type Subscriber } from '../../platform/events';
import { mailerFor } from '../../platform/mail';
import { quietLog } from '../../platform/quiet-log';
import { getMerchant, toMchInfo } from '../merchant';
import * as repo from './repo';

/** What a security mail needs: where to read and record, the config's mailer, the time, a log. */
interface MailContext {
  db: DbOrTx;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * E-mails the holder of an account about its security (a lock, a new password), in the language
 * their app last used, else the studio's. It always goes, whatever their notice settings, and only
 * when they have an address; answers whether one was sent to.
 */
export async function sendSecurityMail(
  ctx: MailContext,
  userId: string,
  message: (locale: Locale, studio: string) => { subject: string; text: string },
): Promise<boolean> {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row?.email) return false;
  const merchant = await getMerchant(ctx.db);
  const locale = row.locale ?? merchant.defaultLocale;
  const studio = toMchInfo(merchant, locale);
  const { subject, text } = message(locale, studio.name);
  const mail = renderSecurityEmail({
    studio: studioBrand(publicBaseOf(ctx.config), studio),
    locale,
    title: subject,
    body: text,
  });
  await mailerFor(ctx.config).send(ctx, { to: row.email, ...mail });
  return true;
}

/** The e-mail telling a member their password was changed (by them) or reset (with a code). */
export function passwordChangedMessage(
  locale: Locale,
  studio: string,
  how: 'changed' | 'reset',
): { subject: string; text: string } {
  switch (locale) {
    case 'zh-Hans':
      return {
        subject: `您的${studio}账号密码已${how === 'reset' ? '重置' : '修改'}`,
        text: `【${studio}】您账号的密码刚刚${how === 'reset' ? '通过验证码重置' : '被修改'}，其他设备上的登录已退出。如果这是您本人的操作，无需理会本邮件；如果不是，请立即用邮箱或手机验证码登录并重置密码，并联系门店。`,
      };
    case 'zh-Hant':
      return {
        subject: `您的${studio}帳號密碼已${how === 'reset' ? '重設' : '修改'}`,
        text: `【${studio}】您帳號的密碼剛剛${how === 'reset' ? '透過驗證碼重設' : '被修改'}，其他裝置上的登入已登出。如果這是您本人的操作，無需理會本郵件；如果不是，請立即用電子郵件或手機驗證碼登入並重設密碼，並聯絡門店。`,
      };
    default:
      return {
        subject: `Your ${studio} password was ${how === 'reset' ? 'reset' : 'changed'}`,
        text: `The password of your ${studio} account was just ${how === 'reset' ? 'reset with a code' : 'changed'}, and every other device was signed out. If this was you, there is nothing to do. If it was not, sign in now with a code sent to your e-mail or mobile, reset your password, and tell the studio.`,
      };
  }
}

/** The account's reactions: a password replaced is told to its holder by e-mail. */
export const accountSubscribers: Subscriber[] = [
  afterCommit('account.passwordChanged', 'account.tellPasswordChanged', async (ctx, e) => {
    await sendSecurityMail(
      { db: ctx.db, config: ctx.config, clock: ctx.clock, log: ctx.log ?? quietLog },
      e.payload.user_id,
      (locale, studio) => passwordChangedMessage(locale, studio, e.payload.how),
    );
  }),
];

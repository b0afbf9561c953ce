import type { Locale } from '@studio/contract/locale';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicBaseOf } from '../../config';
import { sweepClaimed } from '../../platform/claimed-sweep';
import { type Clock, DAY } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { studioBrand } from '../../platform/email-layout';
import { mailerFor } from '../../platform/mail';
import { quietLog } from '../../platform/quiet-log';
import { smsFor } from '../../platform/sms';
import type { Sweep } from '../../platform/sweeper';
import { afterCommit } from '../../platform/unit-of-work';
import { pushSenderFor } from '../../platform/web-push';
import { contactsOf, type MemberContact } from '../account';
import { shopSettingsOf, studioRow, toMchInfo } from '../merchant';
import { type OutgoingNotice, renderAnnouncementFor, renderNoticeFor } from '../notifications';
import { renderNoticeEmail } from './email-template';
import { LEASE_MS, PUSH_GONE_ERROR, pushOptionsOf, pushTagOf, say, smsTextOf, TEXTS } from './messages';
import { preferencesFrom } from './preferences';
import * as repo from './repo';
import { unsubscribeToken } from './unsubscribe-token';

/*
 * The delivery engine. A delivery row is claimed for one try (repo.claimDue: one statement, FOR
 * UPDATE SKIP LOCKED, state sending with a lease), sent outside any transaction, then recorded:
 * sent; pending again after a backoff; failed once the studio's delivery_tries are used (or at once
 * when the target is gone). Two instances never claim one row; a crash between sending and
 * recording leaves the row leased, and it is tried again once the lease lapses: sent at most twice,
 * never lost. The text is written at send time, in the member's language as it is then.
 */

/** What a try needs: the database, the app's dependencies and settings, and a log. */
export interface DeliveryDeps {
  db: Db;
  deps: AppDeps;
  config: Config;
  log?: FastifyBaseLogger;
}

const BATCH = 50;

/**
 * The wait after try `k` of `n`: the tries spread over about `windowMinutes`, doubling between them
 * (window · 2^(k-1) / (2^(n-1) - 1); 3 tries over 30 minutes: 10, then 20).
 */
export function backoffMs(k: number, n: number, windowMinutes: number): number {
  const parts = 2 ** (n - 1) - 1;
  if (parts <= 0) return windowMinutes * 60_000;
  return Math.round((windowMinutes * 60_000 * 2 ** (k - 1)) / parts);
}

/** What the delivery log says of a failed try: the failure, and the provider's reason when the sender kept it. */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const what = err.message || err.name;
  return typeof err.cause === 'string' && err.cause !== '' ? `${what}: ${err.cause}` : what;
}

/** Everything a batch of tries shares: the studio, its rules, the members' contacts. */
interface Batch {
  now: Date;
  clock: Clock;
  studio: Awaited<ReturnType<typeof studioRow>>;
  contacts: Map<string, MemberContact>;
  /** The members' switches now: one turned off since the row was written (an unsubscribe) stops it. */
  prefs: repo.PreferenceRow[];
  base: string;
}

type Outcome = repo.TryOutcome;
class Gone extends Error {}

async function render(d: DeliveryDeps, b: Batch, row: repo.DeliveryRow, locale: Locale | null) {
  const ctx = { db: d.db, deps: d.deps, clock: b.clock };
  const notice =
    row.source === 'notice'
      ? await renderNoticeFor(ctx, row.sourceId, locale)
      : await renderAnnouncementFor(ctx, row.sourceId, locale);
  if (!notice) throw new Gone(row.source === 'notice' ? 'notice gone' : 'announcement withdrawn');
  return notice;
}

const urlOf = (base: string, link: string) => (link.startsWith('/') ? `${base}/#${link}` : link);

async function sendEmail(d: DeliveryDeps, b: Batch, row: repo.DeliveryRow, who: MemberContact, n: OutgoingNotice) {
  if (!who.email || who.email.toLowerCase() !== row.target.toLowerCase()) throw new Gone('e-mail address changed');
  const locale = who.locale ?? b.studio.defaultLocale;
  const info = toMchInfo(b.studio, locale);
  const settings = shopSettingsOf(b.studio).notice_channels;
  const unsubscribeUrl = `${b.base}/unsubscribe?t=${unsubscribeToken(d.config, row.userId, row.category)}`;
  const mail = renderNoticeEmail({
    studio: studioBrand(b.base, info),
    locale,
    title: n.title,
    body: n.body,
    actionUrl: urlOf(b.base, n.link),
    actionLabel: say(TEXTS.open, locale),
    unsubscribeUrl,
  });
  await mailerFor(d.config).send(
    { db: d.db, log: d.log ?? quietLog, clock: b.clock },
    {
      to: row.target,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      fromName: settings.sender_name || info.name,
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  );
}

async function sendSms(d: DeliveryDeps, b: Batch, row: repo.DeliveryRow, who: MemberContact, n: OutgoingNotice) {
  if (!who.mobile || who.mobile !== row.target) throw new Gone('mobile number changed');
  const name = toMchInfo(b.studio, who.locale ?? b.studio.defaultLocale).name;
  await smsFor(d.config).send(
    { db: d.db, log: d.log ?? quietLog, clock: b.clock },
    { to: row.target, subject: '', text: smsTextOf(name, n.title, n.body) },
  );
}

async function sendPush(d: DeliveryDeps, b: Batch, row: repo.DeliveryRow, n: OutgoingNotice): Promise<Outcome> {
  const sub = (await repo.subscriptionsById(d.db, [row.target])).get(row.target);
  if (!sub) throw new Gone('push subscription removed');
  const result = await pushSenderFor(d.config).send(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    { title: n.title, body: n.body, url: urlOf('', n.link), tag: pushTagOf(row.type, n.data, row.sourceId) },
    pushOptionsOf(row.type, n.data, b.now),
  );
  if (result.ok) {
    await repo.touchSubscription(d.db, sub.id, b.now);
    return { state: 'sent' };
  }
  if (result.gone) {
    // The browser unsubscribed or the push service forgot it: the device is not reachable any more.
    await repo.deleteSubscription(d.db, sub.id);
    return { state: 'failed', error: `${PUSH_GONE_ERROR}: ${result.error}` };
  }
  throw new Error(result.error);
}

/** Whether the studio still has the row's channel on and the member still wants its category by it. */
function wanted(b: Batch, row: repo.DeliveryRow): boolean {
  const studio = shopSettingsOf(b.studio).notice_channels;
  if (!studio[row.channel]) return false;
  if (row.channel === 'sms' && !(studio.sms_types as readonly string[]).includes(row.type)) return false;
  return preferencesFrom(b.prefs.filter((p) => p.userId === row.userId))[row.category][row.channel];
}

/** One try of a claimed row, sent and recorded; never throws. */
async function tryOne(d: DeliveryDeps, b: Batch, row: repo.DeliveryRow): Promise<Outcome> {
  const rules = shopSettingsOf(b.studio);
  let outcome: Outcome;
  try {
    const who = b.contacts.get(row.userId);
    if (!who || who.disabled) throw new Gone('member not reachable');
    if (!wanted(b, row)) throw new Gone('turned off by the member or the studio');
    const notice = await render(d, b, row, who.locale);
    if (row.channel === 'email') await sendEmail(d, b, row, who, notice);
    else if (row.channel === 'sms') await sendSms(d, b, row, who, notice);
    outcome = row.channel === 'push' ? await sendPush(d, b, row, notice) : { state: 'sent' };
  } catch (err) {
    const error = errorText(err);
    if (err instanceof Gone || row.tries >= rules.delivery_tries) outcome = { state: 'failed', error };
    else {
      const wait = backoffMs(row.tries, rules.delivery_tries, rules.delivery_retry_minutes);
      outcome = { state: 'pending', nextAt: new Date(b.now.getTime() + wait), error };
    }
    d.log?.warn({ delivery: row.id, channel: row.channel, tries: row.tries, error }, 'notice delivery failed');
  }
  await repo.recordTry(d.db, row, outcome, b.now);
  return outcome;
}

/** Sends the rows claimed for this try, one after another (records each as it goes). */
async function sendClaimed(d: DeliveryDeps, rows: repo.DeliveryRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const clock: Clock = { now: () => now };
  const userIds = rows.map((r) => r.userId);
  const [studio, contacts, prefs] = await Promise.all([
    studioRow({ db: d.db, deps: d.deps, clock }),
    contactsOf(d.db, userIds),
    repo.preferencesOf(d.db, userIds),
  ]);
  const batch: Batch = { now, clock, studio, contacts, prefs, base: publicBaseOf(d.config) };
  for (const row of rows) await tryOne(d, batch, row);
}

/**
 * Claims due rows (all, or only `ids`) batch by batch and tries each: the claim commits in its own
 * short unit of work, the sending runs once it has (an after-commit hook, outside the transaction).
 * Answers how many rows were tried.
 */
export function deliverDue(d: DeliveryDeps, now: Date, ids?: readonly string[]): Promise<number> {
  if (ids?.length === 0) return Promise.resolve(0);
  return sweepClaimed({ db: d.db, deps: d.deps, log: d.log }, BATCH, async (work) => {
    const rows = await repo.claimDue(work.tx, now, new Date(now.getTime() + LEASE_MS), BATCH, ids);
    afterCommit(work.tx, () => sendClaimed(d, rows, now));
    return rows;
  });
}

/** How long staff can read a delivery in the log once it is done. */
export const DELIVERY_LOG_DAYS = 90;

/**
 * The channels' scheduled work: due deliveries (retries, what the first try after commit left, and
 * announcements), and the log's done rows past DELIVERY_LOG_DAYS dropped.
 */
export const channelSweeps = (deps: AppDeps, config: Config): Sweep[] => [
  { name: 'channels.deliver', run: (db, now) => deliverDue({ db, deps, config }, now) },
  { name: 'channels.prune', run: (db, now) => repo.pruneDone(db, new Date(now.getTime() - DELIVERY_LOG_DAYS * DAY)) },
];

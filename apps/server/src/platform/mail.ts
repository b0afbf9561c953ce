import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { type Config, mailAddressOf } from '../config';
import type { Clock } from './clock';
import type { DbOrTx } from './db';
import { AppError } from './errors';
import { newId } from './ids';
import { outbox } from './message-outbox-schema';

export type Channel = 'email' | 'sms';

/** One message to one recipient. */
export interface OutgoingMessage {
  to: string;
  /** E-mail subject; empty for texts. */
  subject: string;
  /** The plain-text body (every e-mail has one; texts are only this). */
  text: string;
  /** An HTML body beside the text (e-mail only). */
  html?: string;
  /** Extra e-mail headers (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers?: Record<string, string>;
  /** The sender's display name ("Lotus Yoga"); the address stays MAIL_FROM's. Without it, MAIL_FROM as written. */
  fromName?: string;
  /**
   * A secret inside the text (a verification code). Once a message really leaves the server,
   * neither the outbox row nor the log keeps it.
   */
  secret?: string;
}

/** What a delivery needs from the call: where to record it, where to log it, and the time. */
export interface DeliveryContext {
  db: DbOrTx;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** Sends the messages of one channel; every message is recorded in the outbox with its fate. */
export interface Messenger {
  /** False when nothing leaves the server (development): the outbox and the log are then the only copy. */
  readonly delivers: boolean;
  /** Resolves once the message is handed over; throws AppError (…_SEND_FAILED) when it could not be. */
  send(ctx: DeliveryContext, message: OutgoingMessage): Promise<void>;
}

export interface OutboxRecord {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  status: 'recorded' | 'sent' | 'failed';
  error?: string | null;
}

export async function recordOutbox(db: DbOrTx, record: OutboxRecord, now: Date): Promise<void> {
  await db.insert(outbox).values({ id: newId(), ...record, error: record.error ?? null, createdAt: now });
}

export function redact(text: string, secret: string | undefined): string {
  return secret ? text.replaceAll(secret, '*'.repeat(secret.length)) : text;
}

/**
 * The development messenger: the message is recorded in the outbox table and logged, code included.
 * It is used only when no real provider is configured, so nothing ever leaves the server and the
 * log line (or the outbox row) is how a developer reads the code. With a provider configured,
 * neither the log nor the outbox holds the code.
 */
export function outboxOnly(channel: Channel, why: string): Messenger {
  return {
    delivers: false,
    async send(ctx, message) {
      await recordOutbox(
        ctx.db,
        { channel, recipient: message.to, subject: message.subject, body: message.text, status: 'recorded' },
        ctx.clock.now(),
      );
      ctx.log.info(
        { channel, to: message.to, subject: message.subject, text: message.text },
        `message recorded (${why})`,
      );
    },
  };
}

/**
 * Wraps a sending function: on success the outbox row says `sent`; on failure it says `failed`
 * with the reason, the log says why, and the caller gets `failure` (a clear error, nothing else
 * written). The secret is redacted from both.
 */
export function deliveringMessenger(
  channel: Channel,
  failure: 'EMAIL_SEND_FAILED' | 'SMS_SEND_FAILED',
  deliver: (message: OutgoingMessage) => Promise<string>,
): Messenger {
  return {
    delivers: true,
    async send(ctx, message) {
      const record = {
        channel,
        recipient: message.to,
        subject: message.subject,
        body: redact(message.text, message.secret),
      };
      let providerId: string;
      try {
        providerId = await deliver(message);
      } catch (error) {
        const reason = redact(error instanceof Error ? error.message : String(error), message.secret);
        await recordOutbox(ctx.db, { ...record, status: 'failed', error: reason }, ctx.clock.now());
        ctx.log.warn({ channel, to: message.to, reason }, 'message could not be sent');
        // The caller's answer names only the failure; the reason (secret redacted) stays for staff's logs.
        throw Object.assign(new AppError(failure), { cause: reason });
      }
      await recordOutbox(ctx.db, { ...record, status: 'sent' }, ctx.clock.now());
      ctx.log.info({ channel, to: message.to, providerId }, 'message sent');
    },
  };
}

/** A nodemailer SMTP transport with timeouts short enough for a request (the URL may override them). */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport(
    new SMTPTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
  );
}

const mailers = new WeakMap<Config, Messenger>();

/** The e-mail messenger of an app: SMTP via nodemailer when SMTP_URL is set, else the outbox only. */
export function mailerFor(config: Config): Messenger {
  let mailer = mailers.get(config);
  if (!mailer) {
    if (config.SMTP_URL) {
      const transport = createSmtpTransport(config.SMTP_URL);
      mailer = deliveringMessenger('email', 'EMAIL_SEND_FAILED', async (message) => {
        const info = await transport.sendMail({
          from: message.fromName
            ? { name: message.fromName, address: mailAddressOf(config.MAIL_FROM) }
            : config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers === undefined ? {} : { headers: message.headers }),
        });
        return String(info.messageId ?? '');
      });
    } else {
      mailer = outboxOnly('email', 'SMTP_URL not set');
    }
    mailers.set(config, mailer);
  }
  return mailer;
}

import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server inside a test: what nodemailer sends arrives here and is parsed (mailparser). */
export interface SmtpFake {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  readonly url: string;
  /** Every message accepted so far, parsed, in order of arrival. */
  readonly messages: ParsedMail[];
  /** Resolves with the messages once at least n have arrived (rejects after waitLimitMs, naming how many did). */
  waitFor(n: number): Promise<ParsedMail[]>;
  /** While on, every recipient is refused (550), so the sender sees a failure; off accepts again. */
  refuseNext(on: boolean): void;
  close(): Promise<void>;
}

export interface SmtpFakeOptions {
  /** Asked at every RCPT TO: true refuses that recipient (550). */
  refuse?: () => boolean;
  /** How long waitFor waits before giving up (5 s). */
  waitLimitMs?: number;
}

class RefusedError extends Error {
  readonly responseCode: number;
  constructor(code: number, message: string) {
    super(message);
    this.responseCode = code;
  }
}

/**
 * A header of a received message as it was written (unfolded), or undefined. mailparser turns some
 * headers into structures (List-* becomes `list`); tests of what was sent read the raw line.
 */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const key = name.toLowerCase();
  const line = mail.headerLines.find((h) => h.key === key)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

export async function startSmtpFake(options: SmtpFakeOptions = {}): Promise<SmtpFake> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;

  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its certificate is self-signed) and no login asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing || options.refuse?.()) {
        callback(new RefusedError(550, '5.1.1 Recipient address rejected: refused by the test'));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: unknown) => callback(new RefusedError(451, `4.3.0 Could not parse the message: ${String(error)}`)),
      );
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(n) {
      if (messages.length >= n) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        const check = () => {
          if (messages.length < n) return;
          done();
          resolve(messages);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`SMTP fake: waited for ${n} messages, ${messages.length} arrived`));
        }, options.waitLimitMs ?? 5_000);
        waiters.add(check);
      });
    },
    refuseNext(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

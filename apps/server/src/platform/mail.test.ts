import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { accountCalls } from '@studio/contract/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCodes } from '../modules/account/codes';
import { outboxFor } from '../modules/account/test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { mailerFor } from './mail';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (EHLO, MAIL, RCPT, DATA, QUIT) to receive what nodemailer sends. */
function startFakeSmtp() {
  const received: ReceivedMail[] = [];
  const state = { rejectRecipients: false };
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('220 fake.smtp.test ESMTP\r\n');
    let pending = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 Ok: queued\r\n');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.smtp.test\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') socket.write('250 Ok\r\n');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10);
          socket.write('250 2.1.0 Ok\r\n');
        } else if (verb === 'RCPT') {
          if (state.rejectRecipients) socket.write('550 5.1.1 Recipient address rejected: no such mailbox\r\n');
          else {
            mail.to.push(line.slice(8));
            socket.write('250 2.1.5 Ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else socket.write('502 5.5.2 Command not recognized\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return {
    received,
    state,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a received message, quoted-printable soft breaks undone. */
function bodyOf(mail: ReceivedMail): string {
  return mail.data.slice(mail.data.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');
}

function captureLogs() {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk) => lines.push(String(chunk)));
  return { stream, text: () => lines.join('') };
}

const smtp = startFakeSmtp();
const logs = captureLogs();
let t: TestApp;
beforeAll(async () => {
  const SMTP_URL = await smtp.listen();
  t = await createTestApp({ config: { SMTP_URL, LOG_LEVEL: 'info' }, logStream: logs.stream });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('e-mail through SMTP (nodemailer)', () => {
  it('delivers the message to the SMTP server', async () => {
    smtp.state.rejectRecipients = false;
    const mailer = mailerFor(t.config);
    expect(mailer.delivers).toBe(true);
    await mailer.send(
      { db: t.app.db, log: t.app.log, clock: t.clock },
      { to: 'direct@example.com', subject: 'Hello there', text: 'Your code is 424242.', secret: '424242' },
    );
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['<direct@example.com>']);
    expect(mail.from).toContain('no-reply@studio.local');
    expect(mail.data).toContain('Subject: Hello there');
    expect(bodyOf(mail)).toContain('Your code is 424242.');
    const [row] = await outboxFor(t, 'direct@example.com');
    expect(row).toMatchObject({ status: 'sent', channel: 'email', body: 'Your code is ******.' });
  });

  it('sends an HTML part, extra headers and the sender name beside the text', async () => {
    smtp.state.rejectRecipients = false;
    await mailerFor(t.config).send(
      { db: t.app.db, log: t.app.log, clock: t.clock },
      {
        to: 'rich@example.com',
        subject: 'Class moved',
        text: 'Your class moved to 10:00.',
        html: '<p>Your class moved to <b>10:00</b>.</p>',
        headers: {
          'List-Unsubscribe': '<https://studio.example/u/abc>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        fromName: 'Lotus Yoga',
      },
    );
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toContain('no-reply@studio.local');
    expect(mail.data).toMatch(/^From: Lotus Yoga <no-reply@studio\.local>\r$/m);
    expect(mail.data).toMatch(/^List-Unsubscribe: <https:\/\/studio\.example\/u\/abc>\r$/m);
    expect(mail.data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.data).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.data).toMatch(/Content-Type: text\/plain/);
    expect(mail.data).toMatch(/Content-Type: text\/html/);
    expect(mail.data.replace(/=\r\n/g, '')).toContain('<b>10:00</b>');
    const [row] = await outboxFor(t, 'rich@example.com');
    expect(row).toMatchObject({ status: 'sent', subject: 'Class moved', body: 'Your class moved to 10:00.' });
  });

  it('keeps the From of MAIL_FROM as written when no sender name is given', async () => {
    await mailerFor(t.config).send(
      { db: t.app.db, log: t.app.log, clock: t.clock },
      { to: 'plain@example.com', subject: 'Plain', text: 'Plain text.' },
    );
    const mail = smtp.received.at(-1)!;
    expect(mail.data).toMatch(/^From: Studio <no-reply@studio\.local>\r$/m);
    expect(mail.data).not.toMatch(/text\/html/);
  });

  it('sends a login code that works, keeping it out of the outbox and the log', async () => {
    smtp.state.rejectRecipients = false;
    const email = 'smtp-member@example.com';
    const before = smtp.received.length;
    expect((await t.call(accountCalls.sendEmailCode, { email, type: 'login' })).code).toBe(0);
    expect(smtp.received).toHaveLength(before + 1);
    const code = bodyOf(smtp.received.at(-1)!).match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await outboxFor(t, email);
    expect(row?.status).toBe('sent');
    expect(row?.body).not.toContain(code);
    expect(logs.text()).toContain('message sent');
    expect(logs.text()).not.toMatch(new RegExp(`\\b${code}\\b`));

    // The security layout: an HTML part beside the text, with the code shown, and no unsubscribe.
    const raw = smtp.received.at(-1)!.data.replace(/=\r\n/g, '');
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain(`>${code}</div>`);
    expect(raw).not.toMatch(/unsubscribe/i);

    const login = await t.call(accountCalls.loginByEmail, { email, code: code! });
    expect(login.code).toBe(0);
  });

  it('answers EMAIL_SEND_FAILED when the server refuses, leaving no code behind', async () => {
    smtp.state.rejectRecipients = true;
    const email = 'bounce@example.com';
    const res = await t.call(accountCalls.sendEmailCode, { email, type: 'login' });
    expect(res).toMatchObject({
      code: 'EMAIL_SEND_FAILED',
      msg: 'The e-mail could not be sent, please try again later',
    });
    expect(await listCodes(t.app.db, 'email', email)).toHaveLength(0);
    const [row] = await outboxFor(t, email);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.error).toMatch(/rejected|550/i);
    expect(row?.body).not.toMatch(/\b\d{6}\b/);
    // Nothing half-written: the member may try again at once (no CODE_TOO_FREQUENT).
    smtp.state.rejectRecipients = false;
    expect((await t.call(accountCalls.sendEmailCode, { email, type: 'login' })).code).toBe(0);
  });
});

describe('e-mail without SMTP_URL (development)', () => {
  it('records the message in the outbox and logs it with the code, sending nothing', async () => {
    const devLogs = captureLogs();
    const dev = await createTestApp({ config: { LOG_LEVEL: 'info' }, logStream: devLogs.stream });
    try {
      expect(mailerFor(dev.config).delivers).toBe(false);
      const before = smtp.received.length;
      const email = 'dev@example.com';
      expect((await dev.call(accountCalls.sendEmailCode, { email, type: 'login' })).code).toBe(0);
      const [row] = await outboxFor(dev, email);
      expect(row?.status).toBe('recorded');
      const code = row?.body.match(/\b(\d{6})\b/)?.[1];
      expect(code).toBeDefined();
      expect(devLogs.text()).toContain(code);
      expect(smtp.received).toHaveLength(before);

      // A rich message is recorded as its subject and text, as before.
      await mailerFor(dev.config).send(
        { db: dev.app.db, log: dev.app.log, clock: dev.clock },
        { to: 'rich-dev@example.com', subject: 'Hi', text: 'Plain.', html: '<p>Rich.</p>', fromName: 'Lotus' },
      );
      const [rich] = await outboxFor(dev, 'rich-dev@example.com');
      expect(rich).toMatchObject({ status: 'recorded', subject: 'Hi', body: 'Plain.' });
    } finally {
      await dev.close();
    }
  });
});

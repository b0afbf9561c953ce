import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../modules/account/test-helpers';
import { AppError } from '../platform/errors';
import { mailerFor } from '../platform/mail';
import { rawHeader, type SmtpFake, startSmtpFake } from './smtp-fake';
import { createTestApp, type TestApp } from './test-app';

let smtp: SmtpFake;
let refuseByOption = false;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpFake({ refuse: () => refuseByOption });
  t = await createTestApp({ config: { SMTP_URL: smtp.url, MAIL_FROM: 'Studio <hello@studio.example>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const delivery = () => ({ db: t.app.db, log: t.app.log, clock: t.clock });

describe('the SMTP fake, fed by the app mailer (nodemailer)', () => {
  it('receives and parses a message with its text, HTML, headers and sender', async () => {
    expect(smtp.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const before = smtp.messages.length;
    await mailerFor(t.config).send(delivery(), {
      to: 'member@example.com',
      subject: '课程已取消 — Class cancelled',
      text: 'Your class on Monday was cancelled.',
      html: '<p>Your class on <b>Monday</b> was cancelled.</p>',
      headers: {
        'List-Unsubscribe': '<https://studio.example/unsubscribe?t=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      fromName: 'Lotus Yoga',
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.subject).toBe('课程已取消 — Class cancelled');
    expect(mail?.text?.trim()).toBe('Your class on Monday was cancelled.');
    expect(mail?.html).toBe('<p>Your class on <b>Monday</b> was cancelled.</p>');
    expect(mail?.from?.value).toEqual([{ name: 'Lotus Yoga', address: 'hello@studio.example' }]);
    const to = mail?.to && !Array.isArray(mail.to) ? mail.to.value : [];
    expect(to).toEqual([{ name: '', address: 'member@example.com' }]);
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail!, 'list-unsubscribe')).toBe('<https://studio.example/unsubscribe?t=abc>');
    expect(rawHeader(mail!, 'X-Not-There')).toBeUndefined();
  });

  it('waits for messages that are still on their way', async () => {
    const before = smtp.messages.length;
    const arriving = smtp.waitFor(before + 2);
    await Promise.all([
      mailerFor(t.config).send(delivery(), { to: 'a@example.com', subject: 'A', text: 'a' }),
      mailerFor(t.config).send(delivery(), { to: 'b@example.com', subject: 'B', text: 'b' }),
    ]);
    const got = (await arriving).slice(before).map((m) => m.subject);
    expect(got.sort()).toEqual(['A', 'B']);
  });

  it('refuses while told to, and the sender sees EMAIL_SEND_FAILED', async () => {
    const before = smtp.messages.length;
    smtp.refuseNext(true);
    const refused = await mailerFor(t.config)
      .send(delivery(), { to: 'refused@example.com', subject: 'No', text: 'no' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).name).toBe('EMAIL_SEND_FAILED');
    const [row] = await outboxFor(t, 'refused@example.com');
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.error).toMatch(/550/);

    smtp.refuseNext(false);
    await mailerFor(t.config).send(delivery(), { to: 'accepted@example.com', subject: 'Yes', text: 'yes' });
    expect((await smtp.waitFor(before + 1)).slice(before).map((m) => m.subject)).toEqual(['Yes']);
  });

  it('refuses whom the option says', async () => {
    refuseByOption = true;
    try {
      await expect(
        mailerFor(t.config).send(delivery(), { to: 'x@example.com', subject: 'X', text: 'x' }),
      ).rejects.toThrow(AppError);
    } finally {
      refuseByOption = false;
    }
  });

  it('says how many arrived when the wait is in vain', async () => {
    const idle = await startSmtpFake({ waitLimitMs: 1 });
    try {
      await expect(idle.waitFor(1)).rejects.toThrow('waited for 1 messages, 0 arrived');
      expect(await idle.waitFor(0)).toEqual([]);
    } finally {
      await idle.close();
    }
  });
});

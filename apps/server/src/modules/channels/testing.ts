import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { NoticeChannelSettings } from '@studio/contract/channels';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { REPO_ROOT } from '../../config';
import { newId } from '../../platform/ids';
import { type PushFake, startPushFake } from '../../testing/push-fake';
import { type SmtpFake, startSmtpFake } from '../../testing/smtp-fake';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../account/schema';
import { type NewNotice, tellMembers } from '../notifications/service';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';

/*
 * The channels' tests against local fakes that speak the real protocols: an SMTP server, a push
 * service checking VAPID and decrypting aes128gcm, and the browser tests' Twilio fake.
 */

const TWILIO_SID = 'AC00000000000000000000000000e2e000';

/** e2e/support/fake-twilio.mjs, started as its own process on a free port. */
export interface TwilioFake {
  base: string;
  messages(): Promise<{ to: string; from: string; body: string }[]>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startTwilioFake(): Promise<TwilioFake> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'e2e/support/fake-twilio.mjs'), String(port), TWILIO_SID],
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  // Ready once it answers: a new Node process takes a moment to listen (polled, up to 10 s).
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    base,
    messages: async () =>
      (await (await fetch(`${base}/messages`)).json()) as { to: string; from: string; body: string }[],
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    },
  };
}

export interface ChannelsKit {
  t: TestApp;
  smtp: SmtpFake;
  push: PushFake;
  twilio: TwilioFake;
  admin: TestMember;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'https://studio.example';

/** An app whose e-mail, push and SMS go to the fakes; `config` adds to its settings. */
export async function channelsKit(config: Parameters<typeof createTestApp>[0] = {}): Promise<ChannelsKit> {
  const keys = webpush.generateVAPIDKeys();
  const [smtp, push, twilio] = await Promise.all([
    startSmtpFake(),
    startPushFake({ vapidPublicKey: keys.publicKey }),
    startTwilioFake(),
  ]);
  const t = await createTestApp({
    ...config,
    config: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Studio <hello@studio.example>',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      PUSH_ALLOWED_ORIGINS: [push.origin],
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: twilio.base,
      PUBLIC_URL,
      ...config.config,
    },
  });
  const admin = await buildAdmin(t);
  return {
    t,
    smtp,
    push,
    twilio,
    admin,
    close: async () => {
      await t.close();
      await Promise.all([smtp.close(), push.close(), twilio.close()]);
    },
  };
}

/** The studio's channel settings (and delivery rules), through admin/merchant.save. */
export async function setChannels(
  kit: ChannelsKit,
  channels: Partial<NoticeChannelSettings>,
  rules: { delivery_tries?: number; delivery_retry_minutes?: number } = {},
): Promise<void> {
  const res = await kit.t.call(
    adminMerchantCalls.save,
    { notice_channels: channels, ...rules },
    { token: kit.admin.token },
  );
  if (res.code !== 0) throw new Error(`merchant.save: ${JSON.stringify(res)}`);
}

let mailCounter = 0;

/** A member with an e-mail address, a mobile number and a language. */
export async function buildReachableMember(
  t: TestApp,
  o: { locale?: 'en' | 'zh-Hans' | 'zh-Hant' | null; email?: boolean; mobile?: boolean } = {},
): Promise<TestMember & { email: string; mobile: string }> {
  const m = await buildMember(t);
  mailCounter += 1;
  const email = `member${mailCounter}.${m.id}@example.com`;
  const mobile = `+447700${String(900000 + mailCounter).slice(-6)}`;
  await t.app.db
    .update(users)
    .set({
      email: o.email === false ? null : email,
      mobile: o.mobile === false ? null : mobile,
      locale: o.locale === undefined ? 'en' : o.locale,
    })
    .where(eq(users.id, m.id));
  return { ...m, email, mobile };
}

/**
 * A notice for a member, stored as the notices module stores one: the channels hear notice.created
 * and try its deliveries in the background; this waits for those first tries.
 */
export async function tell(t: TestApp, notice: NewNotice): Promise<void> {
  await tellMembers(
    { db: t.app.db, realtime: t.app.realtime, deps: t.app.deps, log: t.app.log },
    newId(),
    [notice],
    t.clock.now(),
  );
  await t.app.deps.background?.drain();
}

/** A class notice's data, its class starting `hoursAhead` from now. */
export const classData = (t: TestApp, hoursAhead = 5) => ({
  session_id: newId(),
  course_name: 'Yin Yoga',
  starts_at: new Date(t.clock.now().getTime() + hoursAhead * 3_600_000).toISOString(),
  reservation_id: newId(),
});

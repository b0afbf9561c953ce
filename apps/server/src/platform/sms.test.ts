import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountCalls } from '@studio/contract/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { listCodes } from '../modules/account/codes';
import { outboxFor } from '../modules/account/test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SmsProviderError, smsFor, smsMessenger, TwilioSms } from './sms';

const SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token';
const FROM = '+15005550006';
/** The fake answers Twilio's 21211 error for this number. */
const INVALID_TO = '+8613800000000';

interface TwilioRequest {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

/** Answers like Twilio's Messages API: 201 with a sid, 401 for bad credentials, 400 with an error body. */
function startFakeTwilio() {
  const requests: TwilioRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form,
      });
      const answer = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const expectedAuth = `Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`;
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) {
        return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      if (req.headers.authorization !== expectedAuth) {
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (form.get('To') === INVALID_TO) {
        return answer(400, {
          code: 21211,
          message: `The 'To' number ${INVALID_TO} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      }
      return answer(201, {
        sid: `SM${String(requests.length).padStart(32, '0')}`,
        status: 'queued',
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
      });
    });
  });
  return {
    requests,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const twilio = startFakeTwilio();
let base: string;
let t: TestApp;
beforeAll(async () => {
  base = await twilio.listen();
  t = await createTestApp({
    config: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_BASE: base,
    },
  });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

describe('TwilioSms', () => {
  it('posts To, From and Body form-encoded with Basic auth, and answers the message sid', async () => {
    const provider = new TwilioSms({ accountSid: SID, authToken: AUTH_TOKEN, from: FROM, apiBase: `${base}/` });
    const { id } = await provider.send('+447700900123', 'Hello & welcome = 100%');
    expect(id).toMatch(/^SM\d{32}$/);
    const request = twilio.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${SID}/Messages.json`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+447700900123',
      From: FROM,
      Body: 'Hello & welcome = 100%',
    });
  });

  it("reports Twilio's error: status, code and message", async () => {
    const provider = new TwilioSms({ accountSid: SID, authToken: AUTH_TOKEN, from: FROM, apiBase: base });
    const error = await provider.send(INVALID_TO, 'hi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ status: 400, providerCode: 21211 });
    expect((error as Error).message).toContain('is not a valid phone number');
  });

  it('reports wrong credentials and an unreachable service', async () => {
    const wrongToken = new TwilioSms({ accountSid: SID, authToken: 'nope', from: FROM, apiBase: base });
    await expect(wrongToken.send('+447700900123', 'hi')).rejects.toMatchObject({ status: 401, providerCode: 20003 });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new TwilioSms({
      accountSid: SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      apiBase: `http://127.0.0.1:${port}`,
    });
    await expect(nowhere.send('+447700900123', 'hi')).rejects.toMatchObject({ status: null });
  });
});

describe('SMS codes through Twilio', () => {
  it('sends the code to the number in E.164, and the code logs the member in', async () => {
    expect(smsFor(t.config).delivers).toBe(true);
    // Typed as a number of the studio's country (CN until a studio chooses), kept in E.164.
    const mobile = '13812345678';
    expect((await t.call(accountCalls.sendSmsCode, { mobile, type: 'login' })).code).toBe(0);
    const request = twilio.requests.at(-1)!;
    expect(request.form.get('To')).toBe('+8613812345678');
    expect(request.form.get('From')).toBe(FROM);
    const code = request.form.get('Body')?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await outboxFor(t, '+8613812345678');
    expect(row).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(row?.body).not.toContain(code);
    expect((await t.call(accountCalls.loginBySms, { mobile, code: code! })).code).toBe(0);
  });

  it('answers SMS_SEND_FAILED when Twilio refuses, with no code left behind', async () => {
    const mobile = INVALID_TO.slice(3);
    const res = await t.call(accountCalls.sendSmsCode, { mobile, type: 'login' }, { locale: 'zh-Hans' });
    expect(res).toEqual({ code: 'SMS_SEND_FAILED', msg: '短信发送失败，请稍后再试' });
    expect(await listCodes(t.app.db, 'sms', INVALID_TO)).toHaveLength(0);
    const [row] = await outboxFor(t, INVALID_TO);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.error).toContain('21211');
    // The member may ask again at once: the failed send did not start the 60-second wait.
    expect((await t.call(accountCalls.sendSmsCode, { mobile, type: 'login' })).code).toBe('SMS_SEND_FAILED');
  });
});

describe('SMS settings', () => {
  it('needs the Twilio settings when SMS_PROVIDER=twilio', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID.*TWILIO_AUTH_TOKEN.*TWILIO_FROM/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: FROM,
    });
    expect(config.TWILIO_API_BASE).toBe('https://api.twilio.com');
    expect(loadConfig({}).SMS_PROVIDER).toBe('outbox');
  });

  it('sends only E.164 numbers: a number is read with the studio country when it is typed, not here', async () => {
    const sent: string[] = [];
    const messenger = smsMessenger({
      name: 'fake',
      send: async (to) => {
        sent.push(to);
        return { id: 'SM1' };
      },
    });
    const ctx = { db: t.app.db, log: t.app.log, clock: t.clock };
    await messenger.send(ctx, { to: '+447700900123', subject: '', text: 'hi' });
    await expect(messenger.send(ctx, { to: '07700900123', subject: '', text: 'hi' })).rejects.toMatchObject({
      name: 'SMS_SEND_FAILED',
    });
    expect(sent).toEqual(['+447700900123']);
    const [row] = await outboxFor(t, '07700900123');
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.error).toContain('E.164');
  });
});

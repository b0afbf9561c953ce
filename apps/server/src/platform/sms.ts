import type { Config } from '../config';
import { deliveringMessenger, type Messenger, outboxOnly } from './mail';

/** A service that delivers a text to a phone number (E.164) and answers its message id. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<{ id: string }>;
}

/** The provider refused or could not be reached; the message says why (no secret in it). */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status of the provider's answer; null when it could not be reached. */
    readonly status: number | null,
    readonly providerCode?: string | number,
  ) {
    super(message);
  }
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164). */
  from: string;
  /** https://api.twilio.com, or a local fake in tests. */
  apiBase: string;
  timeoutMs?: number;
}

/** Twilio's Messages API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, Basic auth, form-encoded. */
export class TwilioSms implements SmsProvider {
  readonly name = 'twilio';
  constructor(private readonly settings: TwilioSettings) {}

  async send(to: string, text: string): Promise<{ id: string }> {
    const { accountSid, authToken, from, apiBase, timeoutMs = 10_000 } = this.settings;
    const url = `${apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: from, Body: text }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SmsProviderError(`Twilio unreachable: ${error instanceof Error ? error.message : error}`, null);
    }
    const payload = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
    if (!response.ok) {
      const detail = typeof payload.message === 'string' ? payload.message : 'no error message';
      const code = typeof payload.code === 'number' || typeof payload.code === 'string' ? payload.code : undefined;
      throw new SmsProviderError(
        `Twilio answered ${response.status}${code ? ` (${code})` : ''}: ${detail}`,
        response.status,
        code,
      );
    }
    if (typeof payload.sid !== 'string') {
      throw new SmsProviderError('Twilio answered without a message sid', response.status);
    }
    return { id: payload.sid };
  }
}

/**
 * A messenger over a provider. Numbers are stored in E.164 (read with the studio's country setting
 * when typed, contract phone.ts), which is what providers want: no country code is added here.
 */
export function smsMessenger(provider: SmsProvider): Messenger {
  return deliveringMessenger('sms', 'SMS_SEND_FAILED', async (message) => {
    if (!/^\+[1-9]\d{6,14}$/.test(message.to)) throw new SmsProviderError('not an E.164 number', null);
    const { id } = await provider.send(message.to, message.text);
    return id;
  });
}

const messengers = new WeakMap<Config, Messenger>();

/** The text messenger of an app: SMS_PROVIDER=twilio sends through Twilio, outbox only records. */
export function smsFor(config: Config): Messenger {
  let messenger = messengers.get(config);
  if (!messenger) {
    if (config.SMS_PROVIDER === 'twilio') {
      if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) {
        throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
      }
      const twilio = new TwilioSms({
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        from: config.TWILIO_FROM,
        apiBase: config.TWILIO_API_BASE,
      });
      messenger = smsMessenger(twilio);
    } else {
      messenger = outboxOnly('sms', 'SMS_PROVIDER=outbox');
    }
    messengers.set(config, messenger);
  }
  return messenger;
}

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

/** Numbers are stored as typed (the spec's 11 digits); providers want E.164. */
export function toE164(mobile: string, countryCode: string): string {
  const digits = mobile.replace(/[\s-]/g, '');
  if (digits.startsWith('+')) return digits;
  return `+${countryCode}${digits.replace(/^0+/, '')}`;
}

/** A messenger over a provider: the outbox records the stored number, the provider gets E.164. */
export function smsMessenger(provider: SmsProvider, countryCode: string): Messenger {
  return deliveringMessenger('sms', 'SMS_SEND_FAILED', async (message) => {
    const { id } = await provider.send(toE164(message.to, countryCode), message.text);
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
      messenger = smsMessenger(twilio, config.SMS_COUNTRY_CODE);
    } else {
      messenger = outboxOnly('sms', 'SMS_PROVIDER=outbox');
    }
    messengers.set(config, messenger);
  }
  return messenger;
}

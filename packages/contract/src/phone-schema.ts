import { z } from 'zod';
import { normalisePhone, type PhoneKind } from './phone';
import { PHONE_INPUT_RE } from './phone-input';

/**
 * A form's phone field checked as the server will check it: read with the studio's `country` and
 * answered in E.164 (the message is the i18n key of validators: `mobile` or `phone`).
 */
export function phoneIn(country: string, kind: PhoneKind = 'mobile') {
  const message = kind === 'mobile' ? 'mobile' : 'phone';
  return z
    .string()
    .trim()
    .regex(PHONE_INPUT_RE, message)
    .transform((typed, ctx) => {
      const e164 = normalisePhone(typed, country, kind);
      if (e164 === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return e164;
    });
}

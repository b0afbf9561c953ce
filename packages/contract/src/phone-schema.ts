import { z } from 'zod';
import { normalisePhone, type PhoneKind } from './phone';
import { mobile } from './validators';

/**
 * A form's phone field checked as the server will check it: read with the studio's `country` and
 * answered in E.164 (the message is the i18n key of validators: `mobile` or `phone`).
 */
export function phoneIn(country: string, kind: PhoneKind = 'mobile') {
  const message = kind === 'mobile' ? 'mobile' : 'phone';
  return mobile.transform((typed, ctx) => {
    const e164 = normalisePhone(typed, country, kind);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return e164;
  });
}

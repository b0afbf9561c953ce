import type { CodePurpose } from '@studio/contract/account';
import { email, mobile } from '@studio/contract/validators';
import { sendEmailCode, sendSmsCode } from '../api/send-code';

/** The two ways a code reaches a member, with what differs between them. */
export const contactKinds = {
  email: {
    validator: email,
    labelKey: 'account.fields.email',
    currentLabelKey: 'account.contact.currentEmail',
    newLabelKey: 'account.contact.newEmail',
    input: { type: 'email', inputMode: 'email', autoComplete: 'email' },
    send: sendEmailCode,
  },
  mobile: {
    validator: mobile,
    labelKey: 'account.fields.mobile',
    currentLabelKey: 'account.contact.currentMobile',
    newLabelKey: 'account.contact.newMobile',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
    send: sendSmsCode,
  },
} as const satisfies Record<
  string,
  {
    validator: typeof email | typeof mobile;
    labelKey: string;
    currentLabelKey: string;
    newLabelKey: string;
    input: { type: 'email' | 'tel'; inputMode: 'email' | 'tel'; autoComplete: string };
    send: (target: string, type: CodePurpose) => Promise<void>;
  }
>;

export type ContactKind = keyof typeof contactKinds;

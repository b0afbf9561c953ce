import type { CodePurpose } from '@studio/contract/account';
import { phoneIn } from '@studio/contract/phone-schema';
import { email, mobile } from '@studio/contract/validators';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { sendEmailCode, sendSmsCode } from '../api/send-code';

/** The studio's country (setting): numbers typed without a "+" are of it. Undefined until the studio's info is in. */
export function useStudioCountry(): string | undefined {
  return useMchInfo().data?.mchInfo.country;
}

/**
 * A mobile number read with the studio's country and answered in E.164 (contract phone.ts); before
 * the country is known, only its shape is checked and the server reads it.
 */
const mobileOf = (country: string | undefined) => (country ? phoneIn(country) : mobile);

/** The two ways a code reaches a member, with what differs between them. */
export const contactKinds = {
  email: {
    validator: (_country: string | undefined) => email,
    labelKey: 'account.fields.email',
    hintKey: undefined,
    currentLabelKey: 'account.contact.currentEmail',
    newLabelKey: 'account.contact.newEmail',
    input: { type: 'email', inputMode: 'email', autoComplete: 'email' },
    send: sendEmailCode,
  },
  mobile: {
    validator: mobileOf,
    labelKey: 'account.fields.mobile',
    /** Numbers of the studio's country are typed as its people write them; others start with +. */
    hintKey: 'account.fields.mobileHint',
    currentLabelKey: 'account.contact.currentMobile',
    newLabelKey: 'account.contact.newMobile',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
    send: sendSmsCode,
  },
} as const satisfies Record<
  string,
  {
    validator: (country: string | undefined) => typeof email | ReturnType<typeof mobileOf>;
    labelKey: string;
    hintKey: string | undefined;
    currentLabelKey: string;
    newLabelKey: string;
    input: { type: 'email' | 'tel'; inputMode: 'email' | 'tel'; autoComplete: string };
    send: (target: string, type: CodePurpose) => Promise<void>;
  }
>;

export type ContactKind = keyof typeof contactKinds;

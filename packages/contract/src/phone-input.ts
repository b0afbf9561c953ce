/**
 * What a person may type as a phone number: digits, spaces, brackets, hyphens, an optional leading +.
 * Whether it is a number (a mobile) of the studio's country is phone.ts's to say. No imports: the
 * validators use it without loading the phone-number metadata.
 */
export const PHONE_INPUT_RE = /^\+?[0-9(][0-9 ()-]{5,23}$/;

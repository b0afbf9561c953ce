import { describe, expect, it } from 'vitest';
import { callingCodeOf, formatPhone, isPhoneCountry, maskPhone, normalisePhone, PHONE_COUNTRIES } from './phone';
import { phoneCountry } from './phone-country';
import { phoneIn } from './phone-schema';

describe('reading a typed number with the studio country', () => {
  it.each([
    ['07700 900123', 'GB', '+447700900123'],
    ['07700900123', 'GB', '+447700900123'],
    ['+44 7700 900123', 'GB', '+447700900123'],
    ['+44 (0)7700 900-123', 'GB', '+447700900123'],
    ['07400 123456', 'GB', '+447400123456'],
    ['13812345678', 'CN', '+8613812345678'],
    ['138 1234 5678', 'CN', '+8613812345678'],
    ['+8613812345678', 'GB', '+8613812345678'],
    ['+447700900123', 'CN', '+447700900123'],
    ['+1 415 555 2671', 'GB', '+14155552671'],
  ])('%s in %s → %s (mobile)', (typed, country, expected) => {
    expect(normalisePhone(typed, country, 'mobile')).toBe(expected);
  });

  it('passes an E.164 number through whatever the country', () => {
    for (const country of ['GB', 'CN', 'US', 'DE']) {
      expect(normalisePhone('+447700900123', country)).toBe('+447700900123');
      expect(normalisePhone('+8613812345678', country)).toBe('+8613812345678');
    }
  });

  it('refuses a landline where a mobile is required, and takes it for an address', () => {
    expect(normalisePhone('020 7946 0000', 'GB', 'mobile')).toBeNull();
    expect(normalisePhone('020 7946 0000', 'GB', 'any')).toBe('+442079460000');
    expect(normalisePhone('010 1234 5678', 'CN', 'mobile')).toBeNull();
    expect(normalisePhone('010 1234 5678', 'CN', 'any')).toBe('+861012345678');
  });

  it('refuses a mainland number in a British studio unless it says +86, and what is no number', () => {
    expect(normalisePhone('13812345678', 'GB')).toBeNull();
    expect(normalisePhone('07700 900123', 'CN')).toBeNull();
    expect(normalisePhone('12812345678', 'CN')).toBeNull();
    expect(normalisePhone('1381234567', 'CN')).toBeNull();
    expect(normalisePhone('alice', 'GB', 'any')).toBeNull();
    expect(normalisePhone('12345', 'GB', 'any')).toBeNull();
    expect(normalisePhone('', 'GB')).toBeNull();
  });
});

describe('showing a stored number', () => {
  it('in the national format of the studio country, the international one for the others', () => {
    expect(formatPhone('+447700900123', 'GB')).toBe('07700 900123');
    expect(formatPhone('+8613812345678', 'GB')).toBe('+86 138 1234 5678');
    expect(formatPhone('+8613812345678', 'CN')).toBe('138 1234 5678');
    expect(formatPhone('+447700900123', 'CN')).toBe('+44 7700 900123');
    expect(formatPhone('+442079460000', 'GB')).toBe('020 7946 0000');
    expect(formatPhone('not a number', 'GB')).toBe('not a number');
  });

  it('masked in the middle', () => {
    expect(maskPhone('+447700900123', 'GB')).toBe('07700 ***123');
    expect(maskPhone('+8613812345678', 'CN')).toBe('138 **** *678');
    expect(maskPhone('+8613812345678', 'GB')).toBe('+86 *** **** *678');
  });
});

describe('the country setting', () => {
  it('takes ISO 3166 alpha-2 codes that the phone metadata knows', () => {
    expect(phoneCountry.parse(' gb ')).toBe('GB');
    expect(phoneCountry.safeParse('GBR').success).toBe(false);
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('ZZ')).toBe(false);
    expect(PHONE_COUNTRIES).toContain('CN');
    expect(callingCodeOf('GB')).toBe('+44');
  });
});

describe('a form field of the studio country', () => {
  it('answers E.164, or the validation key of its message', () => {
    expect(phoneIn('GB').parse(' 07700 900123 ')).toBe('+447700900123');
    expect(phoneIn('GB', 'any').parse('020 7946 0000')).toBe('+442079460000');
    expect(phoneIn('GB').safeParse('020 7946 0000').error?.issues[0]?.message).toBe('mobile');
    expect(phoneIn('GB', 'any').safeParse('123456').error?.issues[0]?.message).toBe('phone');
    expect(phoneIn('GB', 'any').safeParse('call me').error?.issues[0]?.message).toBe('phone');
    expect(phoneIn('GB').safeParse('call me').error?.issues[0]?.message).toBe('mobile');
  });
});

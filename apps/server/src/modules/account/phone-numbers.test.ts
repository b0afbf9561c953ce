import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountCalls, adminUserCalls } from '@studio/contract/account';
import { addressCalls } from '@studio/contract/addresses';
import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { type ChannelsKit, channelsKit } from '../channels/testing';
import { users } from './schema';

/*
 * Phone numbers follow the studio's country (setting `country`): typed nationally or with a "+",
 * kept in E.164, and texted through the browser tests' Twilio fake.
 */

let kit: ChannelsKit;
beforeAll(async () => {
  kit = await channelsKit();
});
afterAll(() => kit.close());

async function setCountry(country: string) {
  return kit.t.call(adminMerchantCalls.save, { country }, { token: kit.admin.token });
}

/** The code in the last text the fake received for `e164`. */
async function textedCode(e164: string): Promise<string> {
  const texts = (await kit.twilio.messages()).filter((m) => m.to === e164);
  const code = texts.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was texted to ${e164}`);
  return code;
}

describe('a British studio (country GB)', () => {
  beforeAll(async () => {
    expect((await setCountry('GB')).code).toBe(0);
  });

  it('tells members and staff its country', async () => {
    expect((await kit.t.call(merchantCalls.getMchInfo, {})).mchInfo.country).toBe('GB');
    const staff = await kit.t.call(adminMerchantCalls.get, {}, { token: kit.admin.token });
    expect(staff.code === 0 && staff.merchant.country).toBe('GB');
    const unknown = await setCountry('ZZ');
    expect(unknown).toMatchObject({ code: 'INVALID_PARAM', field: 'country', reason: 'unknown' });
  });

  it('logs a UK mobile in by SMS: typed nationally, texted and kept in E.164', async () => {
    const sent = await kit.t.call(accountCalls.sendSmsCode, { mobile: '07700 900123', type: 'login' });
    expect(sent.code).toBe(0);
    const code = await textedCode('+447700900123');
    // The same number typed the international way reaches the same code and the same account.
    const login = await kit.t.call(accountCalls.loginBySms, { mobile: '+44 7700 900123', code });
    expect(login.code).toBe(0);
    const [row] = await kit.t.app.db.select().from(users).where(eq(users.mobile, '+447700900123'));
    expect(row?.id).toBe(login.code === 0 ? login.userInfo._id : '');
    // Staff find the member by the number as people write it.
    const found = await kit.t.call(adminUserCalls.getList, { keyword: '07700 900123' }, { token: kit.admin.token });
    expect(found.code === 0 && found.rows.map((r) => r._id)).toEqual([row?.id]);
  });

  it('refuses a landline, and a mainland number without its +86, by name', async () => {
    const landline = await kit.t.call(accountCalls.sendSmsCode, { mobile: '020 7946 0000', type: 'login' });
    expect(landline).toEqual({
      code: 'MOBILE_INVALID',
      msg: 'This is not a mobile number we can text. A number from another country starts with + and its country code',
    });
    const zh = await kit.t.call(
      accountCalls.sendSmsCode,
      { mobile: '13812345678', type: 'login' },
      { locale: 'zh-Hant' },
    );
    expect(zh).toEqual({
      code: 'MOBILE_INVALID',
      msg: '這不是可以接收簡訊的手機號碼。其他國家或地區的號碼請以 + 和國家代碼開頭',
    });
    const abroad = await kit.t.call(accountCalls.sendSmsCode, { mobile: '+86 138 1234 5678', type: 'login' });
    expect(abroad.code).toBe(0);
    expect((await kit.twilio.messages()).some((m) => m.to === '+8613812345678')).toBe(true);
  });

  it('binds a UK mobile, which then signs in with the password however it is typed, and resets it', async () => {
    const member = await kit.t.register();
    const token = member.vk_uni_token.token;
    await kit.t.call(accountCalls.sendSmsCode, { mobile: '07700900124', type: 'bind' }, { token });
    const bound = await kit.t.call(
      accountCalls.bindMobile,
      { mobile: '07700 900124', code: await textedCode('+447700900124') },
      { token },
    );
    expect(bound.code === 0 && bound.userInfo.mobile).toBe('+447700900124');

    for (const typed of ['07700 900124', '+447700900124']) {
      expect((await kit.t.call(accountCalls.login, { username: typed, password: member.password })).code).toBe(0);
    }

    kit.t.clock.advance(61_000); // a number is sent one code a minute
    const sent = await kit.t.call(accountCalls.sendSmsCode, { mobile: '+44 7700 900124', type: 'reset' });
    expect(sent.code).toBe(0);
    const reset = await kit.t.call(accountCalls.resetPasswordByMobile, {
      mobile: '07700 900124',
      code: await textedCode('+447700900124'),
      password: 'NewPass123',
      password2: 'NewPass123',
    });
    expect(reset.code).toBe(0);
    expect((await kit.t.call(accountCalls.login, { username: '07700900124', password: 'NewPass123' })).code).toBe(0);
  });

  it('takes any number for an address (a landline too), kept in E.164', async () => {
    const member = await kit.t.register();
    const address = {
      contact: 'Ann',
      country: 'United Kingdom',
      province: 'England',
      city: 'London',
      area: 'Camden',
      address: '1 High St',
      postcode: 'NW1 1AA',
      unit: 'Flat 2',
    };
    const token = member.vk_uni_token.token;
    const saved = await kit.t.call(addressCalls.save, { ...address, phone: '020 7946 0000' }, { token });
    expect(saved.code === 0 && saved.address.phone).toBe('+442079460000');
    const bad = await kit.t.call(addressCalls.save, { ...address, phone: '123456' }, { token });
    expect(bad.code).toBe('PHONE_INVALID');
  });
});

describe('a studio in mainland China (country CN)', () => {
  beforeAll(async () => {
    expect((await setCountry('CN')).code).toBe(0);
  });
  afterAll(async () => {
    await setCountry('GB');
  });

  it("logs the spec's 11-digit numbers in as before, kept as +86…", async () => {
    await kit.t.call(accountCalls.sendSmsCode, { mobile: '13912345678', type: 'login' });
    const login = await kit.t.call(accountCalls.loginBySms, {
      mobile: '13912345678',
      code: await textedCode('+8613912345678'),
    });
    expect(login.code === 0 && login.userInfo.mobile).toBe('+8613912345678');
    const uk = await kit.t.call(accountCalls.sendSmsCode, { mobile: '07700 900125', type: 'login' });
    expect(uk.code).toBe('MOBILE_INVALID');
  });
});

describe('numbers stored before E.164', () => {
  it('become +86… by the migration, and only mainland mobiles do', async () => {
    const db = kit.t.app.db;
    const legacy = await kit.t.register();
    const other = await kit.t.register();
    await db.update(users).set({ mobile: '13700001111' }).where(eq(users.id, legacy.userInfo._id));
    await db.update(users).set({ mobile: '+447700900199' }).where(eq(users.id, other.userInfo._id));
    const file = path.join(REPO_ROOT, 'apps/server/drizzle/0034_phone_numbers_e164.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const rows = await db.select({ id: users.id, mobile: users.mobile }).from(users);
    expect(rows.find((r) => r.id === legacy.userInfo._id)?.mobile).toBe('+8613700001111');
    expect(rows.find((r) => r.id === other.userInfo._id)?.mobile).toBe('+447700900199');
  });
});

import { addressCalls, MAX_ADDRESSES } from '@studio/contract/addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildMember } from '../schedule/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = {
  contact: 'Mia Member',
  // Stored as sent: already E.164 (phone-numbers.test.ts reads typed numbers with the studio country).
  phone: '+442079460018',
  country: 'United Kingdom',
  province: 'England',
  city: 'London',
  area: 'Hackney',
  address: '12 Willow Lane',
  postcode: 'E8 1AA',
  unit: 'Flat 3',
};

describe('addresses', () => {
  it('the first is the default; another can become it; deleting the default passes it on', async () => {
    const m = await buildMember(t);
    const me = { token: m.token };
    const first = await t.call(addressCalls.save, home, me);
    expect(first.address).toMatchObject({ ...home, company: '', id_number: '', is_default: true });
    t.clock.advance(1000);
    const work = await t.call(addressCalls.save, { ...home, address: '1 Studio Yard', company: 'Lotus Ltd' }, me);
    expect(work.address.is_default).toBe(false);
    await t.call(addressCalls.setDefault, { _id: work.address._id }, me);
    const list = await t.call(addressCalls.getList, {}, me);
    expect(list.rows.map((a) => [a._id, a.is_default])).toEqual([
      [work.address._id, true],
      [first.address._id, false],
    ]);
    await t.call(addressCalls.delete, { _id: work.address._id }, me);
    expect((await t.call(addressCalls.getList, {}, me)).rows).toEqual([
      expect.objectContaining({ _id: first.address._id, is_default: true }),
    ]);
  });

  it('checks every required field and the phone, and never touches another member’s', async () => {
    const m = await buildMember(t);
    const other = await buildMember(t);
    const missing = await t.callRaw(addressCalls.save.url, { ...home, postcode: ' ' }, { token: m.token });
    expect(missing).toMatchObject({ code: 'INVALID_PARAM', field: 'postcode' });
    const phone = await t.callRaw(addressCalls.save.url, { ...home, phone: 'call me' }, { token: m.token });
    expect(phone).toMatchObject({ code: 'INVALID_PARAM', field: 'phone' });
    const idNumber = await t.callRaw(addressCalls.save.url, { ...home, id_number: '12345' }, { token: m.token });
    expect(idNumber).toMatchObject({ code: 'INVALID_PARAM', field: 'id_number' });
    const { address } = await t.call(
      addressCalls.save,
      { ...home, id_number: '11010519491231002X' },
      { token: m.token },
    );
    for (const url of [addressCalls.delete.url, addressCalls.setDefault.url]) {
      expect(await t.callRaw(url, { _id: address._id }, { token: other.token })).toMatchObject({ code: 'NOT_FOUND' });
    }
    const edit = await t.callRaw(addressCalls.save.url, { ...home, _id: address._id }, { token: other.token });
    expect(edit).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.call(addressCalls.getList, {}, { token: other.token })).rows).toEqual([]);
  });

  it('keeps one default and the limit however many saves race', async () => {
    const m = await buildMember(t);
    const answers = await Promise.all(
      Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) =>
        t.callRaw(addressCalls.save.url, { ...home, unit: `Flat ${i}`, is_default: i % 2 === 0 }, { token: m.token }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(MAX_ADDRESSES);
    for (const a of answers) expect([0, 'INVALID_PARAM']).toContain(a.code);
    const list = await t.call(addressCalls.getList, {}, { token: m.token });
    expect(list.rows).toHaveLength(MAX_ADDRESSES);
    expect(list.rows.filter((a) => a.is_default)).toHaveLength(1);
  });
});

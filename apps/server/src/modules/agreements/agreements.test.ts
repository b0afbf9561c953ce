import { accountCalls } from '@studio/contract/account';
import { type AgreementKind, adminAgreementCalls, agreementCalls } from '@studio/contract/agreements';
import type { Locale } from '@studio/contract/locale';
import { walletCalls } from '@studio/contract/wallet';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueName } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { setPayTypes } from '../orders/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { sanitizeAgreementHtml } from './sanitize';
import { agreementAcceptances } from './schema';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  await setPayTypes(t, admin.token, ['balance', 'sandbox']);
});
afterAll(() => t.close());

type Texts = Partial<Record<Locale, { title: string; content: string }>>;

/** Saves a draft of `kind` and publishes it; answers the published version's number. */
async function publish(kind: AgreementKind, texts: Texts): Promise<number> {
  const draft = await t.call(adminAgreementCalls.saveDraft, { kind, texts }, { token: admin.token });
  expect(draft.code).toBe(0);
  const published = await t.call(adminAgreementCalls.publish, { kind, _id: draft.row._id }, { token: admin.token });
  expect(published.code).toBe(0);
  return published.row.version;
}

const pending = async (token: string) =>
  (await t.call(agreementCalls.getPending, {}, { token })).pending.map((p) => `${p.kind}@${p.version}`);

function acceptancesOf(userId: string, kind: AgreementKind) {
  return t.app.db
    .select()
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.kind, kind)));
}

describe('the texts members read', () => {
  it('are the app’s own (version 0) while the studio has published none', async () => {
    const res = await t.call(agreementCalls.getAgreement, { kind: 'top_up' });
    expect(res).toMatchObject({ code: 0, kind: 'top_up', version: 0, title: '', content: '', updated_at: null });
  });

  it('come in the caller’s language, else the same language’s other script, else the studio’s language', async () => {
    await publish('top_up', {
      en: { title: 'Top-up terms', content: '<p>English</p>' },
      'zh-Hans': { title: '充值协议', content: '<p>简体</p>' },
    });
    const read = (locale: string) => t.call(agreementCalls.getAgreement, { kind: 'top_up' }, { locale });
    expect(await read('zh-Hans')).toMatchObject({ title: '充值协议', version: 1 });
    expect(await read('zh-Hant')).toMatchObject({ title: '充值协议' });
    expect(await read('en')).toMatchObject({ title: 'Top-up terms', content: '<p>English</p>' });
    await publish('top_up', { en: { title: 'Top-up terms v2', content: '<p>Only English</p>' } });
    const v2 = await read('zh-Hant');
    expect(v2).toMatchObject({ title: 'Top-up terms v2', version: 2, updated_at: t.clock.now().toISOString() });
  });

  it('are sanitized when saved: no script, no handler, no javascript: link', async () => {
    const dirty =
      '<h2>Terms</h2><p onclick="x()">Read <strong>this</strong> <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://studio.example/terms" target="_self">good</a></p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const res = await t.call(
      adminAgreementCalls.saveDraft,
      { kind: 'user_agreement', texts: { en: { title: 'Terms', content: dirty } } },
      { token: admin.token },
    );
    const html = res.row.texts.en!.content;
    expect(html).toBe(
      '<h2>Terms</h2><p>Read <strong>this</strong> <a target="_blank" rel="noopener noreferrer">bad</a> ' +
        '<a href="https://studio.example/terms" target="_blank" rel="noopener noreferrer">good</a></p>',
    );
    expect(sanitizeAgreementHtml('<script>alert(1)</script>')).toBe('');
    const empty = await t.callRaw(
      adminAgreementCalls.saveDraft.url,
      { kind: 'user_agreement', texts: { en: { title: 'Terms', content: '<script>x</script>' } } },
      { token: admin.token },
    );
    expect(empty).toMatchObject({ code: 'INVALID_PARAM' });
  });
});

describe('drafts and publishing', () => {
  it('keep one draft per kind, numbered next, published once, audited', async () => {
    const first = await t.call(
      adminAgreementCalls.saveDraft,
      { kind: 'privacy_policy', texts: { en: { title: 'Privacy', content: '<p>a</p>' } } },
      { token: admin.token },
    );
    const again = await t.call(
      adminAgreementCalls.saveDraft,
      { kind: 'privacy_policy', texts: { en: { title: 'Privacy', content: '<p>b</p>' } } },
      { token: admin.token },
    );
    expect(again.row).toMatchObject({ _id: first.row._id, version: 1, published_at: null });
    // Not shown to members until published.
    expect(await t.call(agreementCalls.getAgreement, { kind: 'privacy_policy' })).toMatchObject({ version: 0 });
    const published = await t.call(
      adminAgreementCalls.publish,
      { kind: 'privacy_policy', _id: first.row._id },
      { token: admin.token },
    );
    expect(published.row.published_at).not.toBeNull();
    const twice = await t.call(
      adminAgreementCalls.publish,
      { kind: 'privacy_policy', _id: first.row._id },
      { token: admin.token },
    );
    expect(twice.code).toBe('AGREEMENT_NOT_FOUND');
    const list = await t.call(adminAgreementCalls.getList, { kind: 'privacy_policy' }, { token: admin.token });
    expect(list).toMatchObject({ current_version: 1, rows: [{ version: 1 }] });
    expect((await auditEntriesFor(t.app.db, 'agreement', first.row._id)).length).toBe(3);
  });

  it('are for staff who manage settings only', async () => {
    const member = await buildMember(t);
    const res = await t.callRaw(adminAgreementCalls.getList.url, { kind: 'top_up' }, { token: member.token });
    expect(res.code).not.toBe(0);
  });
});

describe('acceptance', () => {
  it('a new privacy policy is put to every member once; accepting clears it, an older version is refused', async () => {
    const member = await buildMember(t);
    const version = await publish('privacy_policy', { en: { title: 'Privacy', content: '<p>New</p>' } });
    // One entry per kind: the current version only.
    expect(await pending(member.token)).toEqual([`privacy_policy@${version}`]);
    const old = await t.call(
      agreementCalls.accept,
      { kind: 'privacy_policy', version: version - 1 },
      { token: member.token },
    );
    expect(old.code).toBe('AGREEMENT_OUTDATED');
    for (let i = 0; i < 2; i++) {
      const ok = await t.call(agreementCalls.accept, { kind: 'privacy_policy', version }, { token: member.token });
      expect(ok.code).toBe(0);
    }
    expect(await pending(member.token)).toEqual([]);
    const rows = await acceptancesOf(member.id, 'privacy_policy');
    expect(rows).toEqual([expect.objectContaining({ version, how: 'asked', acceptedAt: t.clock.now() })]);
  });

  it('registration records the versions the form showed; an older one is asked again', async () => {
    const privacy = await publish('privacy_policy', { en: { title: 'Privacy', content: '<p>Newer</p>' } });
    const current = await t.call(accountCalls.register, {
      username: uniqueName('r'),
      password: 'Secret123',
      agree: true,
      agreements: { privacy_policy: privacy },
    });
    expect(await pending(current.vk_uni_token.token)).toEqual([]);
    expect(await acceptancesOf(current.uid, 'privacy_policy')).toEqual([
      expect.objectContaining({ version: privacy, how: 'registration' }),
    ]);
    // No versions given: the current ones; the user agreement is the app's own (0) here.
    const plain = await t.register();
    expect(await pending(plain.vk_uni_token.token)).toEqual([]);
    expect(await acceptancesOf(plain.uid, 'user_agreement')).toEqual([expect.objectContaining({ version: 0 })]);
    // A form that showed the previous version: its member is asked for the current one.
    const stale = await t.call(accountCalls.register, {
      username: uniqueName('r'),
      password: 'Secret123',
      agree: true,
      agreements: { privacy_policy: privacy - 1 },
    });
    expect(await pending(stale.vk_uni_token.token)).toEqual([`privacy_policy@${privacy}`]);
  });

  it('a top-up records the top-up agreement’s current version', async () => {
    const member = await t.register();
    const res = await t.call(
      walletCalls.topUp,
      { amount: 1000, agree: true, pay_type: 'sandbox' },
      { token: member.vk_uni_token.token },
    );
    expect(res.code, JSON.stringify(res)).toBe(0);
    const current = (await t.call(agreementCalls.getAgreement, { kind: 'top_up' })).version;
    expect(await acceptancesOf(member.uid, 'top_up')).toEqual([
      expect.objectContaining({ version: current, how: 'top_up' }),
    ]);
  });
});

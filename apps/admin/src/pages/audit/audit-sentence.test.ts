import { AUDIT_CHANGES, AUDIT_KINDS, type AuditEntry } from '@studio/contract/audit';
import { formatDateTime, formatMoney } from '@studio/contract/format';
import { LOCALES, type Locale } from '@studio/contract/locale';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n/i18n';
import en from '@/i18n/locales/en/audit.json';
import zhHans from '@/i18n/locales/zh-Hans/audit.json';
import zhHant from '@/i18n/locales/zh-Hant/audit.json';
import { auditSentence } from './audit-sentence';

const CATALOGUES: Record<Locale, typeof en> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

function entry(over: Partial<AuditEntry>): AuditEntry {
  return {
    _id: 'a1',
    at: '2026-11-22T09:00:00.000Z',
    actor: { _id: 'u-ada', nickname: 'Ada Admin' },
    action: 'admin/order.ship',
    object_type: 'order',
    object_id: '2026112200566',
    kind: 'orders',
    sentence: null,
    object_name: '',
    before: null,
    after: null,
    ...over,
  };
}

async function say(e: AuditEntry, locale: Locale = 'en') {
  await i18n.loadNamespaces('audit');
  const t = i18n.getFixedT(locale, 'audit');
  return auditSentence(e, t, {
    dateTime: (time) => formatDateTime(time, locale, 'Europe/London'),
    money: (minor) => formatMoney(minor, 'GBP'),
    number: (n) => String(n),
  });
}

describe('an audit entry as a sentence', () => {
  it('says who shipped which order, by which carrier, with which tracking number', async () => {
    const shipped = entry({
      sentence: {
        key: 'orderShipped',
        params: { order: '2026112200566', carrier: 'Royal Mail', tracking: 'RM123456785GB' },
      },
    });
    expect(await say(shipped)).toBe('Ada Admin shipped order 2026112200566 by Royal Mail, RM123456785GB');
    expect(await say(shipped, 'zh-Hans')).toBe(
      'Ada Admin 已通过 Royal Mail 发出订单 2026112200566，运单号 RM123456785GB',
    );
  });

  it('reads variants, signs, money, class times, counts and reasons in the reader’s language', async () => {
    const dropIn = entry({
      object_type: 'reservation',
      sentence: {
        key: 'memberAdded',
        context: 'dropIn',
        params: {
          member: 'Noor',
          name: 'Morning Flow',
          when: '2026-12-03T18:00:00.000Z',
          amount: 1500,
          method: 'cash',
        },
      },
    });
    expect(await say(dropIn)).toBe(
      'Ada Admin added Noor to Morning Flow on Thu 3 Dec, 18:00 as a drop-in paid at the desk (£15.00, cash)',
    );
    expect(await say(dropIn, 'zh-Hant')).toBe(
      'Ada Admin 將 Noor 以單次到店加入 12月3日 週四 18:00 的 Morning Flow，櫃台收款 £15.00（現金）',
    );
    const wallet = entry({
      object_type: 'wallet',
      sentence: { key: 'walletAdjusted', params: { member: 'Mia', money_delta: -250, reason: 'Returned mat' } },
    });
    expect(await say(wallet)).toBe("Ada Admin changed Mia's wallet by −£2.50: Returned mat");
    const noReason = entry({ sentence: { key: 'pointsAdjusted', params: { member: 'Mia', delta: 50 } } });
    expect(await say(noReason)).toBe("Ada Admin changed Mia's points by +50");
    const codes = entry({ sentence: { key: 'couponCodesMade', params: { name: 'Spring ten', count: 1 } } });
    expect(await say(codes)).toBe('Ada Admin made 1 exchange code for the coupon Spring ten');
    const stock = entry({
      sentence: { key: 'stockAdjusted', params: { name: 'Cork Block · Natural', delta: -3, count: 7 } },
    });
    expect(await say(stock)).toBe('Ada Admin changed the stock of Cork Block · Natural by −3 to 7');
    const off = entry({ sentence: { key: 'goodsOnSale', context: 'off', params: { name: 'Cork Block' } } });
    expect(await say(off)).toBe('Ada Admin took Cork Block off sale');
  });

  it('falls back to a plain sentence for a change it does not know, naming the call', async () => {
    const unknown = entry({ action: 'admin/thing.frob', object_type: 'room', object_name: 'Old Room', kind: null });
    expect(await say(unknown)).toBe('Ada Admin changed Room Old Room (admin/thing.frob)');
  });
});

describe('the sentences’ catalogue', () => {
  it.each(LOCALES)('%s has every sentence and variant of AUDIT_CHANGES, and every kind', (locale) => {
    const { sentences, kinds } = CATALOGUES[locale] as {
      sentences: Record<string, string>;
      kinds: Record<string, string>;
    };
    const has = (key: string) => key in sentences || (`${key}_one` in sentences && `${key}_other` in sentences);
    const missing = AUDIT_CHANGES.flatMap((c) => [
      ...(has(c.sentence) ? [] : [c.sentence]),
      ...('contexts' in c ? c.contexts : []).map((ctx) => `${c.sentence}_${ctx}`).filter((k) => !has(k)),
    ]);
    expect(missing).toEqual([]);
    expect(AUDIT_KINDS.filter((k) => !kinds[k])).toEqual([]);
  });
});

import { toMinorUnits } from '@studio/contract/format';
import { CARD_PAY_TYPES, type CardPayType } from '@studio/contract/payments';
import { TOP_UP_MAX, TOP_UP_MIN, type WalletEntryRecord, walletCalls } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call, callQuery } from '@/shared/api/call-function';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { paths } from '@/shared/navigation/paths';
import { openProvider, usePaymentStatus } from '@/shared/orders/orders';
import { AppLink } from '@/shared/ui/app-link';
import { showToast } from '@/shared/ui/feedback';
import { PageSkeleton } from '@/shared/ui/page-states';
import './wallet.css';

/** user/wallet/wallet: the balance, and every top-up, payment, refund and adjustment that made it. */
export function WalletPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const balance = useQuery(callQuery(walletCalls.getBalance, {}));
  const ledger = usePagedCall(walletCalls.getLedger, {});
  return (
    <div className="stack wallet-page">
      <section className="card wallet-balance" aria-labelledby="wallet-balance">
        <h2 className="secondary" id="wallet-balance">
          {t('wallet.balance')}
        </h2>
        <p className="wallet-amount figures">{balance.data ? format.money(balance.data.balance) : '…'}</p>
      </section>
      <TopUp />
      <h2 className="section-title">{t('wallet.history')}</h2>
      <PagedList
        source={ledger}
        skeleton={<PageSkeleton rows={3} />}
        empty={<ClassesEmpty title={t('wallet.empty')} />}
      >
        {(rows) => (
          <ul className="wallet-ledger" aria-label={t('wallet.history')}>
            {rows.map((e) => (
              <LedgerRow key={e._id} entry={e} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

/** One ledger entry: what moved it, when, by how much, and what was left (money, or points with `points`). */
export function LedgerRow({ entry, points = false }: { entry: WalletEntryRecord; points?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const credit = entry.amount > 0;
  return (
    <li className="card wallet-entry">
      <div>
        <strong>{t(`wallet.kinds.${entry.kind}`)}</strong>
        {(entry.reason || entry.ref) && <p className="secondary">{entry.reason || entry.ref}</p>}
        <p className="secondary">{format.dateTime(entry.created_at)}</p>
      </div>
      <div className="wallet-entry-figures figures">
        <span className={credit ? 'is-credit' : 'is-debit'}>
          {credit ? '+' : '−'}
          {points ? Math.abs(entry.amount) : format.money(Math.abs(entry.amount))}
        </span>
        <span className="secondary">
          {t('wallet.after', { balance: points ? entry.balance_after : format.money(entry.balance_after) })}
        </span>
      </div>
    </li>
  );
}

/**
 * Top-up (RULES.md): a preset amount or a custom one of £1–£1000, the agreement accepted first, paid
 * on a card provider's page; the balance moves when the provider confirms, and this page says so.
 */
function TopUp() {
  const { t } = useTranslation();
  const format = useFormat();
  const info = useMchInfo().data?.mchInfo;
  const [params] = useSearchParams();
  const returned = usePaymentStatus(params.get('out_trade_no'));
  const providers = (info?.pay_types ?? []).filter((p): p is CardPayType =>
    (CARD_PAY_TYPES as readonly string[]).includes(p),
  );
  const [preset, setPreset] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [agree, setAgree] = useState(false);
  const customAmount = custom.trim() ? toMinorUnits(Number(custom)) : null;
  const amount = customAmount ?? preset;
  const customBad =
    customAmount !== null && (!Number.isFinite(customAmount) || customAmount < TOP_UP_MIN || customAmount > TOP_UP_MAX);

  const [topUp, busy] = useLockedAction(async () => {
    if (amount === null) return showToast(t('wallet.chooseAmount'));
    if (customBad)
      return showToast(t('wallet.customRange', { min: format.money(TOP_UP_MIN), max: format.money(TOP_UP_MAX) }));
    if (!agree) return showToast(t('wallet.agreeFirst'));
    const redirect = await call(walletCalls.topUp, { amount, agree: true, pay_type: providers[0]! });
    await openProvider(redirect.pay_url, `${paths.wallet}?out_trade_no=${encodeURIComponent(redirect.out_trade_no)}`);
  });

  const status = returned.data?.payment.status;
  return (
    <section className="card stack-tight" aria-labelledby="top-up-title">
      <h2 className="section-title" id="top-up-title">
        {t('wallet.topUpTitle')}
      </h2>
      {status === 'succeeded' && <p role="status">{t('wallet.credited')}</p>}
      {status === 'pending' && (
        <p role="status" className="secondary">
          {t('wallet.waiting')}
        </p>
      )}
      {status === 'failed' && (
        <p role="alert" className="is-danger">
          {t('wallet.declined')}
        </p>
      )}
      {providers.length === 0 ? (
        <p className="secondary">{t('wallet.noProvider')}</p>
      ) : (
        <>
          <Selector
            aria-labelledby="top-up-title"
            columns={2}
            value={preset !== null && !custom ? [preset] : []}
            onChange={(v) => {
              setPreset(v[0] ?? null);
              setCustom('');
            }}
            options={(info?.top_up_presets ?? []).map((p) => ({ label: format.money(p), value: p }))}
          />
          <label className="field-label" htmlFor="top-up-custom">
            {t('wallet.custom')}
          </label>
          <Input
            id="top-up-custom"
            inputMode="decimal"
            value={custom}
            onChange={(v) => setCustom(v.replace(/[^0-9.]/g, ''))}
            placeholder={t('wallet.customPlaceholder')}
            aria-invalid={customBad}
          />
          {customBad && (
            <p className="is-danger">
              {t('wallet.customRange', { min: format.money(TOP_UP_MIN), max: format.money(TOP_UP_MAX) })}
            </p>
          )}
          <p className="secondary wallet-agreement">{t('wallet.agreementText')}</p>
          <Checkbox checked={agree} onChange={setAgree}>
            <Trans
              i18nKey="wallet.agree"
              components={{ agreement: <AppLink to={`${paths.agreement}?section=top-up`}>_</AppLink> }}
            />
          </Checkbox>
          <Button block color="primary" loading={busy} onClick={() => void topUp()}>
            {amount !== null && !customBad
              ? t('wallet.topUpSubmit', { amount: format.money(amount) })
              : t('wallet.topUp')}
          </Button>
        </>
      )}
    </section>
  );
}

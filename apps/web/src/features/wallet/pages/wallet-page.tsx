import { type WalletEntryRecord, walletCalls } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/call-function';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { useFormat } from '@/shared/format/use-format';
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
        <p className="secondary">{t('wallet.topUpSoon')}</p>
      </section>
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

function LedgerRow({ entry }: { entry: WalletEntryRecord }) {
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
          {format.money(Math.abs(entry.amount))}
        </span>
        <span className="secondary">{t('wallet.after', { balance: format.money(entry.balance_after) })}</span>
      </div>
    </li>
  );
}

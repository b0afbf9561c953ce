import { integralCalls } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/call-function';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { PageSkeleton } from '@/shared/ui/page-states';
import { LedgerRow } from './wallet-page';
import './wallet.css';

/** user/integral/integral (and integral/list): the member's points and every entry that made them. */
export function IntegralPage() {
  const { t } = useTranslation();
  const balance = useQuery(callQuery(integralCalls.getBalance, {}));
  const ledger = usePagedCall(integralCalls.getLedger, {});
  return (
    <div className="stack wallet-page">
      <section className="card wallet-balance" aria-labelledby="points-balance">
        <h2 className="secondary" id="points-balance">
          {t('wallet.points')}
        </h2>
        <p className="wallet-amount figures">{balance.data ? balance.data.balance : '…'}</p>
        <p className="secondary">{t('wallet.pointsHelp')}</p>
      </section>
      <h2 className="section-title">{t('wallet.history')}</h2>
      <PagedList
        source={ledger}
        skeleton={<PageSkeleton rows={3} />}
        empty={<ClassesEmpty title={t('wallet.pointsEmpty')} />}
      >
        {(rows) => (
          <ul className="wallet-ledger" aria-label={t('wallet.history')}>
            {rows.map((e) => (
              <LedgerRow key={e._id} entry={e} points />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

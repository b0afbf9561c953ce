import type { CouponRecord } from '@studio/contract/coupons';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { CouponCard } from '@/shared/coupons/coupon-card';
import { couponLinks, useCenterCoupon } from '@/shared/coupons/coupons';
import { useFormat } from '@/shared/format/use-format';
import { navigateTo } from '@/shared/navigation/navigation';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useMyCoupon } from '../api/coupons';
import { CenterCoupon } from './coupon-list-page';

/** coupon/detail?_id= (a coupon I hold) or ?coupon_id= (one on offer): the ticket, its terms, and the goods it applies to. */
export function CouponDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mineId = params.get('_id') ?? '';
  const couponId = params.get('coupon_id') ?? '';
  if (!mineId && !couponId) return <ClassesEmpty title={t('coupons.missing')} />;
  return mineId ? <Mine id={mineId} /> : <OnOffer couponId={couponId} />;
}

function Mine({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const q = useMyCoupon(id);
  if (q.isPending) return <PageSkeleton rows={2} />;
  if (q.error) return <PageError error={q.error} onRetry={() => void q.refetch()} />;
  const copy = q.data.member_coupon;
  return (
    <div className="stack">
      <CouponCard
        coupon={copy.coupon}
        startsAt={copy.starts_at}
        endsAt={copy.ends_at}
        muted={copy.status !== 'usable'}
      />
      <section className="card stack-tight">
        <p>
          <strong>{t(`coupons.status.${copy.status}`)}</strong>
        </p>
        {copy.order_no && <p className="secondary">{t('coupons.usedOn', { order: copy.order_no })}</p>}
        <p className="secondary">{t('coupons.claimedAt', { date: format.dateTime(copy.claimed_at) })}</p>
      </section>
      <Terms coupon={copy.coupon} />
      {copy.status === 'usable' && (
        <Button block color="primary" onClick={() => navigateTo(couponLinks.goods(copy.coupon._id))}>
          {t('coupons.useNow')}
        </Button>
      )}
    </div>
  );
}

function OnOffer({ couponId }: { couponId: string }) {
  const q = useCenterCoupon(couponId);
  if (q.isPending) return <PageSkeleton rows={2} />;
  if (q.error) return <PageError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div className="stack">
      <CenterCoupon coupon={q.data.coupon} />
      <Terms coupon={q.data.coupon} />
    </div>
  );
}

function Terms({ coupon }: { coupon: CouponRecord }) {
  const { t } = useTranslation();
  return (
    <section className="card stack-tight" aria-labelledby="coupon-terms">
      <h2 className="section-title" id="coupon-terms">
        {t('coupons.terms')}
      </h2>
      <ul className="coupon-terms">
        <li>{t('coupons.onePerOrder')}</li>
        <li>{t('coupons.perMember', { count: coupon.per_member_limit })}</li>
        <li>{t('coupons.returnedOnCancel')}</li>
      </ul>
      <Button fill="outline" color="primary" onClick={() => navigateTo(couponLinks.goods(coupon._id))}>
        {coupon.goods_ids.length ? t('coupons.seeGoods') : t('coupons.seeAllGoods')}
      </Button>
    </section>
  );
}

import { shopCalls } from '@studio/contract/shop';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { CouponCard } from '@/shared/coupons/coupon-card';
import { useCenterCoupon } from '@/shared/coupons/coupons';
import { GoodsGrid } from '@/shared/shop/goods-grid';
import { PageSkeleton } from '@/shared/ui/page-states';
import '../components/shop.css';

/** "Goods this coupon applies to": the coupon above the goods it can be spent on. */
function CouponBanner({ couponId }: { couponId: string }) {
  const { t } = useTranslation();
  const coupon = useCenterCoupon(couponId).data?.coupon;
  return (
    <section className="stack-tight" aria-label={t('coupons.goodsBanner')}>
      <p className="secondary">{t('coupons.goodsBanner')}</p>
      {coupon && <CouponCard coupon={coupon} />}
    </section>
  );
}

/** goods-list?category_id=&keyword=&coupon_id=: goods of a category, a search or a coupon. */
export function GoodsListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const input = {
    category_id: params.get('category_id') || undefined,
    keyword: params.get('keyword') || undefined,
    coupon_id: params.get('coupon_id') || undefined,
  };
  const source = usePagedCall(shopCalls.getGoodsList, input);
  return (
    <div className="stack shop-list-page">
      {input.keyword && <p className="secondary">{t('shop.resultsFor', { keyword: input.keyword })}</p>}
      {input.coupon_id && <CouponBanner couponId={input.coupon_id} />}
      <PagedList
        source={source}
        skeleton={<PageSkeleton rows={3} />}
        empty={<ClassesEmpty title={t('shop.noResults')} />}
      >
        {(rows) => <GoodsGrid rows={rows} label={t('shop.goods')} />}
      </PagedList>
    </div>
  );
}

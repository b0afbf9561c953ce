import { callRef } from '@studio/contract/protocol-core';
import type { shopCalls } from '@studio/contract/shop';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/call-function';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import { GoodsGrid } from './goods-grid';
import { shopLinks } from './links';
import { Price } from './price';
import './featured.css';

// By reference: home and class pages show these without loading zod.
const getGoodsList = callRef<typeof shopCalls.getGoodsList>('client/pub.getGoodsList');

/** What home's shop corner shows: a few class passes and the most popular goods. */
export function useFeaturedGoods() {
  const passes = useQuery({ ...callQuery(getGoodsList, { type: 1, pageSize: 4 }), staleTime: 60_000 });
  const goods = useQuery({ ...callQuery(getGoodsList, { type: 0, pageSize: 4, sort: 'popular' }), staleTime: 60_000 });
  return { passes, goods };
}

/** Home's shop corner: class passes first, then a few goods, each a tap from its page. */
export function FeaturedShop() {
  const { t } = useTranslation();
  const { passes, goods } = useFeaturedGoods();
  if (!passes.data?.rows.length && !goods.data?.rows.length) return null;
  return (
    <section className="card featured-shop" aria-labelledby="featured-shop">
      <div className="featured-head">
        <h2 className="section-title" id="featured-shop">
          {t('shop.featured')}
        </h2>
        <button type="button" className="see-all" onClick={() => switchTab(paths.order)}>
          {t('shop.seeAll')}
        </button>
      </div>
      {passes.data && passes.data.rows.length > 0 && <GoodsGrid rows={passes.data.rows} label={t('shop.passes')} />}
      {goods.data && goods.data.rows.length > 0 && <GoodsGrid rows={goods.data.rows} label={t('shop.goods')} />}
    </section>
  );
}

/** The passes on sale that the course accepts (all passes without one). */
export function usePassesOnSale(courseId?: string) {
  const input = courseId ? { course_id: courseId, pageSize: 6 } : { type: 1 as const, pageSize: 6 };
  return useQuery({ ...callQuery(getGoodsList, input), staleTime: 60_000 });
}

/** The id of PassesForCourse's heading, to bring the list into view from elsewhere on the page. */
export const passesTitleId = (courseId?: string) => `passes-${courseId ?? 'all'}`;

/**
 * The passes on sale, one tap from their page: those a course accepts (a class page, for a member
 * without a package it takes), or all of them (My packages). Nothing when the shop sells none.
 * sessionId: the class page they are shown on; once the pass is paid, the member is offered the way back.
 */
export function PassesForCourse({ courseId, sessionId }: { courseId?: string; sessionId?: string }) {
  const { t } = useTranslation();
  const rows = usePassesOnSale(courseId).data?.rows ?? [];
  if (rows.length === 0) return null;
  const titleId = passesTitleId(courseId);
  return (
    <section className="card passes-for-course" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId} tabIndex={-1}>
        {courseId ? t('shop.packagesForCourse') : t('shop.passesOnSale')}
      </h2>
      <ul className="pass-offers">
        {rows.map((g) => (
          <li key={g._id}>
            <AppLink to={shopLinks.detail(g._id, undefined, sessionId)} className="pass-offer">
              <span className="pass-offer-name">{g.name}</span>
              <Price price={g.price} original={g.original_price} />
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { reviewCalls } from '@studio/contract/reviews';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { PageSkeleton } from '@/shared/ui/page-states';
import { useReviewSummary } from '../api/shop';
import { RatingLine, ReviewItem } from '../components/reviews';
import '../components/shop.css';

const FILTERS = ['all', 'photos'] as const;

/** goods-comment?goods_id=: every visible review of a goods item, newest first, or only those with photos. */
export function GoodsCommentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const goodsId = params.get('goods_id') ?? params.get('_id') ?? '';
  const [filter, select] = useTabParam(FILTERS, 'all');
  const summary = useReviewSummary(goodsId).data?.summary;
  if (!goodsId) return <ClassesEmpty title={t('shop.missing')} />;
  return (
    <div className="stack">
      {summary && (
        <section className="card">
          <RatingLine summary={summary} />
        </section>
      )}
      <Tabs className="list-tabs" activeKey={filter} onChange={select}>
        <Tabs.Tab key="all" title={t('shop.reviews.all', { count: summary?.count ?? 0 })} />
        <Tabs.Tab key="photos" title={t('shop.reviews.withPhotos', { count: summary?.with_images ?? 0 })} />
      </Tabs>
      <Reviews key={filter} goodsId={goodsId} withImages={filter === 'photos'} />
    </div>
  );
}

function Reviews({ goodsId, withImages }: { goodsId: string; withImages: boolean }) {
  const { t } = useTranslation();
  const source = usePagedCall(reviewCalls.getGoodsReviews, { goods_id: goodsId, with_images: withImages });
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={<ClassesEmpty title={t('shop.reviews.empty')} />}
    >
      {(rows) => (
        <ul className="card review-list" aria-label={t('shop.reviews.title')}>
          {rows.map((r) => (
            <li key={r._id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

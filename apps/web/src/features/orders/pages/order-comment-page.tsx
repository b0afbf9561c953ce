import type { OrderLine } from '@studio/contract/orders';
import { REVIEW_CONTENT_MAX, REVIEW_MAX_IMAGES, type ReviewItemInput } from '@studio/contract/reviews';
import { Button, type ImageUploadItem, Rate, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { redirectTo } from '@/shared/navigation/navigation';
import { orderLinks } from '@/shared/orders/links';
import { GoodsImage } from '@/shared/shop/goods-image';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { commentOrder, useOrder } from '../api/orders';
import '../components/orders.css';
import { PhotoUploader } from '@/shared/ui/photo-uploader';

interface Draft {
  rate: number;
  content: string;
  images: ImageUploadItem[];
}

/** user/order/comment?order_no=: rate each line of a completed order, say why (required), add up to 9 photos. */
export function OrderCommentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const order = useOrder(orderNo);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [tried, setTried] = useState(false);
  const draftOf = (skuId: string): Draft => drafts[skuId] ?? { rate: 5, content: '', images: [] };
  const edit = (skuId: string, change: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [skuId]: { ...draftOf(skuId), ...change } }));

  const [submit, submitting] = useLockedAction(async () => {
    const lines = order.data?.orderInfo.lines ?? [];
    setTried(true);
    if (lines.some((l) => !draftOf(l.sku_id).content.trim())) return;
    const items: ReviewItemInput[] = lines.map((l) => {
      const d = draftOf(l.sku_id);
      return { sku_id: l.sku_id, rate: d.rate, content: d.content.trim(), images: d.images.map((i) => i.url) };
    });
    await commentOrder(orderNo, items);
    showToast(t('orders.comment.thanks'));
    await redirectTo(orderLinks.info(orderNo));
  });

  if (order.isPending) return <PageSkeleton rows={3} />;
  if (order.error) return <PageError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data.orderInfo;
  if (o.reviewed) return <p className="card">{t('orders.comment.done')}</p>;
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {o.lines.map((line) => (
        <LineReview
          key={line.sku_id}
          line={line}
          draft={draftOf(line.sku_id)}
          missing={tried && !draftOf(line.sku_id).content.trim()}
          onChange={(change) => edit(line.sku_id, change)}
        />
      ))}
      <Button block type="submit" color="primary" loading={submitting}>
        {t('orders.comment.submit')}
      </Button>
    </form>
  );
}

function LineReview({
  line,
  draft,
  missing,
  onChange,
}: {
  line: OrderLine;
  draft: Draft;
  missing: boolean;
  onChange: (change: Partial<Draft>) => void;
}) {
  const { t } = useTranslation();
  const id = `review-${line.sku_id}`;
  return (
    <section className="card stack-tight" aria-labelledby={`${id}-name`}>
      <div className="review-line-head">
        <GoodsImage src={line.image} alt="" className="order-line-picture" />
        <div>
          <h2 className="order-line-name" id={`${id}-name`}>
            {line.goods_name}
          </h2>
          <span className="secondary">{line.sku_name}</span>
        </div>
      </div>
      <div className="review-rate">
        <span id={`${id}-rate`}>{t('orders.comment.rate')}</span>
        <Rate
          className="review-stars"
          aria-labelledby={`${id}-rate`}
          value={draft.rate}
          onChange={(rate) => onChange({ rate: Math.max(1, rate) })}
        />
      </div>
      <label className="field-label" htmlFor={`${id}-text`}>
        {t('orders.comment.content')}
      </label>
      <TextArea
        id={`${id}-text`}
        value={draft.content}
        onChange={(content) => onChange({ content })}
        maxLength={REVIEW_CONTENT_MAX}
        showCount
        rows={3}
        placeholder={t('orders.comment.placeholder')}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
      />
      {missing && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t('validation.reviewContentRequired')}
        </p>
      )}
      <PhotoUploader value={draft.images} onChange={(images) => onChange({ images })} max={REVIEW_MAX_IMAGES} />
      <span className="secondary">{t('orders.comment.photos', { max: REVIEW_MAX_IMAGES })}</span>
    </section>
  );
}

import type { RatingSummary, ReviewRecord } from '@studio/contract/reviews';
import { Image, ImageViewer, Rate } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import './reviews.css';

/** The average as stars and a number, and how many reviews there are. */
export function RatingLine({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation();
  if (summary.count === 0) return <span className="secondary">{t('shop.reviews.none')}</span>;
  return (
    <span className="rating-line">
      <Rate readOnly allowHalf value={summary.average} aria-hidden="true" className="rating-stars" />
      <strong className="figures">{summary.average.toFixed(1)}</strong>
      <span className="secondary">{t('shop.reviews.count', { count: summary.count })}</span>
    </span>
  );
}

/** One review: who, when, the stars, the text, the photos (tap to view), and the studio's reply. */
export function ReviewItem({ review }: { review: ReviewRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article className="review-item">
      <header className="review-head">
        <span className="review-author">{review.member.nickname}</span>
        <span className="secondary figures">{format.date(review.created_at)}</span>
      </header>
      <div className="review-rating">
        <Rate readOnly value={review.rate} aria-hidden="true" className="rating-stars" />
        <span className="visually-hidden">{t('shop.reviews.stars', { count: review.rate })}</span>
        <span className="secondary">{review.sku_name}</span>
      </div>
      <p className="review-text">{review.content}</p>
      {review.images.length > 0 && (
        <ul className="review-photos" aria-label={t('shop.reviews.photos')}>
          {review.images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="review-photo"
                aria-label={t('shop.reviews.photo', { n: i + 1 })}
                onClick={() => ImageViewer.Multi.show({ images: review.images, defaultIndex: i })}
              >
                <Image src={src} alt="" width={72} height={72} fit="cover" lazy />
              </button>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <p className="review-reply">
          <strong>{t('shop.reviews.reply')}</strong> {review.reply}
        </p>
      )}
    </article>
  );
}

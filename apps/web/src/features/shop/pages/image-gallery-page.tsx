import { imageVariant } from '@studio/contract/images';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useGoodsDetail } from '../api/shop';
import '../components/shop.css';
import '../components/goods-detail.css';

/** image-gallery?_id=&index=: a goods item's pictures full screen, swiped one by one. */
export function ImageGalleryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('_id') ?? '';
  const start = Math.max(0, Number(params.get('index')) || 0);
  const detail = useGoodsDetail(id);
  if (!id) return <ClassesEmpty title={t('shop.missing')} />;
  if (detail.isPending) return <PageSkeleton rows={2} />;
  if (detail.error) return <PageError error={detail.error} onRetry={() => void detail.refetch()} />;
  const { goods } = detail.data;
  const images = goods.images.length ? goods.images : [goods.image].filter(Boolean);
  return (
    <Swiper className="image-gallery" defaultIndex={Math.min(start, images.length - 1)} aria-label={t('shop.pictures')}>
      {images.map((src, i) => (
        <Swiper.Item key={src}>
          <img
            className="image-gallery-picture"
            src={imageVariant(src, 'detail')}
            alt={t('shop.pictureOf', { name: goods.name, n: i + 1, total: images.length })}
          />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

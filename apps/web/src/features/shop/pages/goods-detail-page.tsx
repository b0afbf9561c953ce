import { ApiError } from '@studio/client/api-error';
import type { ErrorName } from '@studio/contract/errors';
import { CART_TOAST_NAME_LENGTH, type GoodsDetail, type SkuRecord } from '@studio/contract/shop';
import { Badge, Button, Popup, Selector, Swiper } from 'antd-mobile';
import { HeartFill, HeartOutline, SendOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { useFormat } from '@/shared/format/use-format';
import { navigateTo, openLogin, switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { NeedsConnectionNote } from '@/shared/offline/offline-ui';
import { useOnline } from '@/shared/offline/use-online';
import { FOR_SESSION_PARAM, orderLinks } from '@/shared/orders/links';
import { useIsLoggedIn } from '@/shared/session/session';
import { addToCart, cartCount } from '@/shared/shop/cart';
import { GoodsImage } from '@/shared/shop/goods-image';
import { Price } from '@/shared/shop/price';
import { useLifeData } from '@/shared/store/life-data';
import { AppLink } from '@/shared/ui/app-link';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { QuantityStepper } from '@/shared/ui/quantity-stepper';
import { cartSkuOf, useGoodsDetail, useReviewSummary, useToggleCollect } from '../api/shop';
import { RatingLine, ReviewItem } from '../components/reviews';
import '../components/shop.css';
import '../components/goods-detail.css';

/** goods-detail?_id=&sku_id=: pictures, price, the spec sheet, add to cart or buy now, favourite, share. */
export function GoodsDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('_id') ?? '';
  const detail = useGoodsDetail(id);
  if (!id || isGone(detail.error)) return <GoodsGone />;
  if (detail.isPending) return <PageSkeleton rows={3} />;
  if (detail.error) return <PageError error={detail.error} onRetry={() => void detail.refetch()} />;
  return <GoodsView key={id} goods={detail.data.goods} initialSku={params.get('sku_id')} />;
}

/** The server's answer for goods that do not exist, were removed or are off sale: trying again cannot help. */
const GOODS_GONE: ErrorName = 'PRODUCT_OFF_SALE';

function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.code === GOODS_GONE;
}

/** A link to goods that are no more (removed, off sale, a wrong id): say so, and lead back to the shop. */
function GoodsGone() {
  const { t } = useTranslation();
  return (
    <ClassesEmpty
      title={t('shop.gone.title')}
      text={t('shop.gone.text')}
      action={
        <Button color="primary" fill="outline" onClick={() => switchTab(paths.order)}>
          {t('shop.gone.back')}
        </Button>
      }
    />
  );
}

/** The name as the add-to-cart toast shows it (spec 9: cut at 20 characters). */
export function toastName(name: string): string {
  const chars = [...name];
  return chars.length > CART_TOAST_NAME_LENGTH ? `${chars.slice(0, CART_TOAST_NAME_LENGTH).join('')}…` : name;
}

function GoodsView({ goods, initialSku }: { goods: GoodsDetail; initialSku: string | null }) {
  const { t } = useTranslation();
  const firstInStock = goods.sku_list.find((s) => s.stock > 0) ?? goods.sku_list[0];
  const [skuId, setSkuId] = useState(
    goods.sku_list.find((s) => s._id === initialSku)?._id ??
      (goods.sku_list.length === 1 ? firstInStock?._id : undefined),
  );
  const [sheet, setSheet] = useState<null | 'cart' | 'buy' | 'choose'>(null);
  const sku = goods.sku_list.find((s) => s._id === skuId);
  const pictures = goods.images.length ? goods.images : goods.image ? [goods.image] : [];
  const shown = sku?.image ? [sku.image, ...pictures.filter((p) => p !== sku.image)] : pictures;

  return (
    <article className="goods-detail">
      <Gallery images={shown} name={goods.name} goodsId={goods._id} />
      <header className="card goods-heading">
        <Price
          price={sku?.price ?? goods.price}
          maxPrice={sku ? undefined : goods.max_price}
          original={sku ? sku.original_price : goods.original_price}
          large
        />
        <h1 className="goods-title">{goods.name}</h1>
        {goods.sold_out && <p className="goods-sold-out">{t('shop.soldOutAll')}</p>}
      </header>
      {goods.type === 1 && <PackageFacts goods={goods} sku={sku} />}
      {goods.sku_list.length > 1 && (
        <button type="button" className="card spec-row" onClick={() => setSheet('choose')}>
          <span className="secondary">{t('shop.spec')}</span>
          <span>{sku ? sku.sku_name : t('shop.chooseSpec')}</span>
        </button>
      )}
      {goods.description && (
        <section className="card goods-description" aria-label={t('shop.description')}>
          {/* Sanitized by the server when staff saved it (catalog/service.ts sanitizeDescription). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized rich text */}
          <div dangerouslySetInnerHTML={{ __html: goods.description }} />
        </section>
      )}
      <LatestReviews goodsId={goods._id} />
      <div className="action-bar-spacer" />
      <GoodsActions goods={goods} onAdd={() => setSheet('cart')} onBuy={() => setSheet('buy')} />
      <SpecSheet goods={goods} mode={sheet} skuId={skuId} onSku={setSkuId} onClose={() => setSheet(null)} />
    </article>
  );
}

/** The rating, the latest three reviews, and a link to all of them (goods-comment). */
function LatestReviews({ goodsId }: { goodsId: string }) {
  const { t } = useTranslation();
  const reviews = useReviewSummary(goodsId).data;
  if (!reviews) return null;
  return (
    <section className="card stack-tight" aria-labelledby="reviews-title">
      <div className="reviews-heading">
        <h2 className="section-title" id="reviews-title">
          {t('shop.reviews.title')}
        </h2>
        {reviews.summary.count > 0 && (
          <AppLink to={`${paths.goodsComment}?goods_id=${encodeURIComponent(goodsId)}`} className="reviews-all">
            {t('shop.reviews.seeAll', { count: reviews.summary.count })}
          </AppLink>
        )}
      </div>
      <RatingLine summary={reviews.summary} />
      {reviews.rows.length > 0 && (
        <ul className="review-list">
          {reviews.rows.map((r) => (
            <li key={r._id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Gallery({ images, name, goodsId }: { images: string[]; name: string; goodsId: string }) {
  const { t } = useTranslation();
  if (!images.length) return <GoodsImage src="" alt={name} className="goods-gallery-empty" />;
  // Full screen on the image-gallery page (spec 2): the back button closes it like any page.
  const open = (index: number) => navigateTo(`${paths.imageGallery}?_id=${goodsId}&index=${index}`);
  return (
    <Swiper className="goods-gallery" indicatorProps={{ color: 'white' }} aria-label={t('shop.pictures')}>
      {images.map((src, i) => (
        <Swiper.Item key={src}>
          <button
            type="button"
            className="gallery-slide"
            onClick={() => open(i)}
            aria-label={t('shop.openPicture', { n: i + 1, total: images.length })}
          >
            <GoodsImage src={src} alt="" size="detail" sizes="(min-width: 960px) 960px, 100vw" eager={i === 0} />
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

function PackageFacts({ goods, sku }: { goods: GoodsDetail; sku?: SkuRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const classes = sku?.class_count ?? goods.class_count;
  const validity =
    goods.exp_time_mode === 2 && goods.exp_time_rule
      ? goods.exp_time_rule[0] > 0
        ? t('shop.package.validDelayed', { days: goods.exp_time_rule[1], delay: goods.exp_time_rule[0] })
        : t('shop.package.validDays', { days: goods.exp_time_rule[1] })
      : goods.exp_time_mode === 1 && goods.exp_time_range
        ? t('shop.package.validRange', {
            from: format.date(goods.exp_time_range[0]),
            to: format.date(goods.exp_time_range[1]),
          })
        : t('shop.package.noExpiry');
  return (
    <section className="card" aria-label={t('shop.package.facts')}>
      <ul className="facts">
        {classes !== null && <li>{t('shop.classes', { count: classes })}</li>}
        <li>{validity}</li>
        <li>
          {goods.courses.length === 0
            ? t('shop.package.anyCourse')
            : t('shop.package.courses', { courses: goods.courses.map((c) => c.name).join(t('shop.listSeparator')) })}
        </li>
      </ul>
    </section>
  );
}

function GoodsActions({ goods, onAdd, onBuy }: { goods: GoodsDetail; onAdd: () => void; onBuy: () => void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const inCart = useLifeData((s) => cartCount(s.cart.list));
  const collect = useToggleCollect(goods._id);
  // Buying needs the server: offline the buttons wait, with the reason above them.
  const online = useOnline();
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      await navigator.share({ title: goods.name, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('shop.copied'));
    } catch {
      showToast(t('shop.copyFailed'));
    }
  };
  return (
    <div className="action-bar goods-actions">
      <NeedsConnectionNote />
      <div className="goods-actions-row">
        <button
          type="button"
          className="icon-action"
          aria-pressed={goods.is_collected}
          disabled={collect.isPending}
          onClick={() => (loggedIn ? collect.mutate() : openLogin())}
        >
          {goods.is_collected ? <HeartFill className="collected" /> : <HeartOutline />}
          <span>{goods.is_collected ? t('shop.collected') : t('shop.collect')}</span>
        </button>
        <button type="button" className="icon-action" onClick={() => void share()}>
          <SendOutline />
          <span>{t('shop.share')}</span>
        </button>
        <button type="button" className="icon-action" onClick={() => navigateTo(paths.goodsCart)}>
          <Badge content={inCart > 0 ? String(inCart) : null}>
            <ShopbagOutline />
          </Badge>
          <span>{t('shop.cart')}</span>
        </button>
        <Button
          className="goods-add"
          fill="outline"
          color="primary"
          disabled={goods.sold_out || !online}
          onClick={onAdd}
        >
          {t('shop.addToCart')}
        </Button>
        <Button className="goods-buy" color="primary" disabled={goods.sold_out || !online} onClick={onBuy}>
          {t('shop.buyNow')}
        </Button>
      </div>
    </div>
  );
}

function SpecSheet({
  goods,
  mode,
  skuId,
  onSku,
  onClose,
}: {
  goods: GoodsDetail;
  mode: null | 'cart' | 'buy' | 'choose';
  skuId?: string;
  onSku: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const sku = goods.sku_list.find((s) => s._id === skuId);
  // What is left, and no more than one order may hold (the goods' or the studio's limit).
  const max = Math.max(1, Math.min(sku?.stock ?? 1, goods.max_per_order));

  const confirm = async (then: 'cart' | 'buy') => {
    if (!sku) {
      showToast(t('shop.chooseSpecFirst'));
      return;
    }
    if (then === 'buy') {
      // Buy now skips the cart: the confirm page checks out this option alone.
      onClose();
      // A pass bought from a class page carries the class through checkout, to offer the way back once paid.
      const forSession = params.get(FOR_SESSION_PARAM);
      navigateTo(orderLinks.confirm([{ sku_id: sku._id, buy_num: Math.min(count, max) }], false, forSession));
      return;
    }
    setBusy(true);
    try {
      const added = await addToCart(cartSkuOf(goods, sku), Math.min(count, max));
      showToast(
        added.capped
          ? t('shop.addedCapped', { count: added.buy_num })
          : t('shop.added', { name: toastName(goods.name) }),
      );
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={mode !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="spec-sheet" destroyOnClose>
      <div role="dialog" aria-label={goods.name}>
        <div className="spec-sheet-head">
          <GoodsImage src={sku?.image ?? goods.image} alt="" className="spec-thumb" />
          <div>
            <Price
              price={sku?.price ?? goods.price}
              maxPrice={sku ? undefined : goods.max_price}
              original={sku?.original_price}
            />
            <p className="secondary">{sku ? t('shop.inStock', { count: sku.stock }) : t('shop.chooseSpec')}</p>
          </div>
        </div>
        <h2 className="spec-label" id="spec-label">
          {t('shop.spec')}
        </h2>
        <Selector
          aria-labelledby="spec-label"
          columns={goods.sku_list.length > 3 ? 3 : goods.sku_list.length}
          value={skuId ? [skuId] : []}
          onChange={(v) => {
            if (v[0]) {
              onSku(v[0]);
              setCount(1);
            }
          }}
          options={goods.sku_list.map((s) => ({
            label: s.stock > 0 ? s.sku_name : t('shop.skuSoldOut', { name: s.sku_name }),
            value: s._id,
            disabled: s.stock <= 0,
          }))}
        />
        <div className="spec-count">
          <span id="spec-count">{t('shop.quantity')}</span>
          <QuantityStepper
            label={t('shop.quantity')}
            max={max}
            value={Math.min(count, max)}
            onChange={setCount}
            disabled={!sku || sku.stock <= 0}
          />
        </div>
        <div className="spec-actions">
          {mode !== 'buy' && (
            <Button block fill="outline" color="primary" loading={busy} onClick={() => void confirm('cart')}>
              {t('shop.addToCart')}
            </Button>
          )}
          {mode !== 'cart' && (
            <Button block color="primary" loading={busy} onClick={() => void confirm('buy')}>
              {t('shop.buyNow')}
            </Button>
          )}
        </div>
      </div>
    </Popup>
  );
}

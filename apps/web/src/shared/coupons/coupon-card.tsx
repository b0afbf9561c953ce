import { type CouponRecord, discountLabel } from '@studio/contract/coupons';
import { resolveLocale } from '@studio/contract/locale';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import './coupon-card.css';

/** What a coupon takes off, large: "£5" for a full reduction, "15% off" / "8.5折" for a discount. */
export function CouponValue({ coupon }: { coupon: CouponRecord }) {
  const { i18n } = useTranslation();
  const format = useFormat();
  return (
    <strong className="coupon-value figures">
      {coupon.type === 1
        ? format.money(coupon.coupon_rule.discount_amount)
        : discountLabel(coupon.discount_proportion, resolveLocale(i18n.language))}
    </strong>
  );
}

/** The rule in words: "Spend £20, save £5", "No minimum spend", "On selected goods". */
export function CouponRule({ coupon }: { coupon: CouponRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const min = coupon.coupon_rule.min_amount;
  return (
    <span className="coupon-rule">
      {min > 0 ? t('coupons.minSpend', { amount: format.money(min) }) : t('coupons.noMinimum')}
      {' · '}
      {coupon.goods_ids.length ? t('coupons.someGoods') : t('coupons.allGoods')}
    </span>
  );
}

/** The validity as the member reads it: a fixed range, or "N days after you claim it". */
export function CouponValidity({
  coupon,
  startsAt,
  endsAt,
}: {
  coupon: CouponRecord;
  startsAt?: string;
  endsAt?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const r = coupon.effective_time_rule;
  if (startsAt && endsAt) {
    return (
      <span className="secondary">
        {t('coupons.validRange', { from: format.date(startsAt), to: format.date(endsAt) })}
      </span>
    );
  }
  if (r.type === 0 && r.start_fixed_time && r.end_fixed_time) {
    return (
      <span className="secondary">
        {t('coupons.validRange', { from: format.date(r.start_fixed_time), to: format.date(r.end_fixed_time) })}
      </span>
    );
  }
  return (
    <span className="secondary">
      {r.start_dynamic_time
        ? t('coupons.validDaysLater', {
            start: r.start_dynamic_time,
            days: (r.end_dynamic_time ?? 0) - r.start_dynamic_time,
          })
        : t('coupons.validDays', { days: r.end_dynamic_time ?? 0 })}
    </span>
  );
}

/** Controls inside a card that answer a tap themselves (the name's link, the action's button or radio). */
const OWN_TAP = 'a, button, input, label, [role="button"]';

/**
 * One coupon as a ticket: its value on the left, name, rule and validity, and an action on the right.
 * With `onSelect` (a card to choose, whose action is its radio), a tap anywhere on the card chooses it,
 * not only on the small radio; keyboards and screen readers choose with the radio itself.
 */
export function CouponCard({
  coupon,
  startsAt,
  endsAt,
  action,
  note,
  muted = false,
  onOpen,
  onSelect,
}: {
  coupon: CouponRecord;
  startsAt?: string;
  endsAt?: string;
  action?: ReactNode;
  note?: ReactNode;
  muted?: boolean;
  onOpen?: () => void;
  onSelect?: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a larger target for the radio inside, which keyboards use
    // biome-ignore lint/a11y/useKeyWithClickEvents: the radio inside is the keyboard's way to choose
    <div
      className={`coupon-card${muted ? ' is-muted' : ''}${onSelect ? ' is-selectable' : ''}`}
      onClick={
        onSelect &&
        ((e) => {
          if (!(e.target as Element).closest(OWN_TAP)) onSelect();
        })
      }
    >
      <div className="coupon-stub">
        <CouponValue coupon={coupon} />
      </div>
      <div className="coupon-body">
        {onOpen ? (
          <button type="button" className="coupon-name link-button" onClick={onOpen}>
            {coupon.name}
          </button>
        ) : (
          <span className="coupon-name">{coupon.name}</span>
        )}
        <CouponRule coupon={coupon} />
        <CouponValidity coupon={coupon} startsAt={startsAt} endsAt={endsAt} />
        {note}
      </div>
      {action && <div className="coupon-action">{action}</div>}
    </div>
  );
}

import type { OrderRecord, RefundLinesInput } from '@studio/contract/orders';
import { REFUND_MAX_IMAGES, REFUND_REASON_MAX } from '@studio/contract/refunds';
import { Button, type ImageUploadItem, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { GoodsImage } from '@/shared/shop/goods-image';
import { showToast } from '@/shared/ui/feedback';
import { PhotoUploader } from '@/shared/ui/photo-uploader';
import { QuantityStepper } from '@/shared/ui/quantity-stepper';
import { applyRefund, useRefundQuote } from '../api/orders';
import { optionText } from './order-lines';

/**
 * Apply for a refund: the units of each line sent back (all that is left, to begin with), the amount
 * they come to as the server prices it (shown as they change), a reason (required) and up to nine
 * photos; staff decide, the order shows the progress.
 */
export function RefundSheet({ order, open, onClose }: { order: OrderRecord; open: boolean; onClose: () => void }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div role="dialog" aria-labelledby={`refund-${order.order_no}-title`}>
        <RefundForm order={order} onDone={onClose} />
      </div>
    </Popup>
  );
}

function RefundForm({ order, onDone }: { order: OrderRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Only what is left to refund is offered; a class pass order goes back whole.
  const lines = order.lines
    .map((line) => ({ ...line, left: line.buy_num - line.refunded_num }))
    .filter((line) => line.left > 0);
  const whole = order.kind === 'package';
  const [units, setUnits] = useState<Record<string, number>>(() =>
    Object.fromEntries(lines.map((l) => [l.sku_id, l.left])),
  );
  const chosen: RefundLinesInput = lines
    .filter((l) => (units[l.sku_id] ?? 0) > 0)
    .map((l) => ({ sku_id: l.sku_id, quantity: units[l.sku_id]! }));
  const quote = useRefundQuote(order.order_no, chosen.length ? chosen : null);
  const [reason, setReason] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [tried, setTried] = useState(false);
  const [submit, submitting] = useLockedAction(async () => {
    setTried(true);
    if (!reason.trim() || !chosen.length) return;
    await applyRefund(order.order_no, { reason: reason.trim(), images: images.map((i) => i.url), lines: chosen });
    showToast(t('orders.refund.applied'));
    onDone();
  });
  const missing = tried && !reason.trim();
  const id = `refund-${order.order_no}`;
  const amount = quote.data?.quote;
  return (
    <form
      className="stack-tight"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="section-title" id={`${id}-title`}>
        {t('orders.refund.title')}
      </h2>
      <p className="secondary">{t('orders.refund.help')}</p>
      <fieldset className="refund-choice" aria-describedby={whole ? `${id}-whole` : undefined}>
        <legend className="refund-choice-title">{t('orders.refund.chooseTitle')}</legend>
        <ul className="order-lines">
          {lines.map((line) => {
            const name = `${line.goods_name} · ${optionText(line.sku_name, line.class_count, t('shop.classes', { count: line.class_count ?? 0 }))}`;
            return (
              <li key={line.sku_id} className="order-line refund-line">
                <GoodsImage src={line.image} alt="" className="order-line-picture" />
                <div className="order-line-body">
                  <span className="order-line-name">{line.goods_name}</span>
                  <span className="secondary">
                    {optionText(line.sku_name, line.class_count, t('shop.classes', { count: line.class_count ?? 0 }))}
                  </span>
                  <span className="secondary figures">
                    {t('orders.refund.each', { price: format.money(line.price) })}
                  </span>
                  {line.refunded_num > 0 && (
                    <span className="secondary">
                      {t('orders.refund.alreadyRefunded', { count: line.refunded_num })}
                    </span>
                  )}
                </div>
                {whole ? (
                  <span className="figures refund-line-units">× {line.left}</span>
                ) : (
                  <QuantityStepper
                    value={units[line.sku_id] ?? 0}
                    min={0}
                    max={line.left}
                    onChange={(n) => setUnits((u) => ({ ...u, [line.sku_id]: n }))}
                    label={t('orders.refund.unitsLabel', { name })}
                  />
                )}
              </li>
            );
          })}
        </ul>
        {whole && (
          <p className="secondary" id={`${id}-whole`}>
            {t('orders.refund.whole')}
          </p>
        )}
      </fieldset>
      <div className="refund-amount" aria-live="polite">
        <span>{t('orders.refund.amount')}</span>
        <strong className="figures">
          {!chosen.length ? format.money(0) : amount ? format.money(amount.amount) : '…'}
        </strong>
      </div>
      {!chosen.length ? (
        <p className={tried ? 'field-error' : 'secondary'} role={tried ? 'alert' : undefined}>
          {t('orders.refund.nothingChosen')}
        </p>
      ) : (
        <p className="secondary">
          {amount && amount.freight > 0
            ? t('orders.refund.includesFreight', { amount: format.money(amount.freight) })
            : t('orders.refund.amountHelp')}
        </p>
      )}
      <label className="field-label" htmlFor={`${id}-reason`}>
        {t('orders.refund.reason')}
      </label>
      <TextArea
        id={`${id}-reason`}
        value={reason}
        onChange={setReason}
        maxLength={REFUND_REASON_MAX}
        rows={3}
        showCount
        placeholder={t('orders.refund.reasonPlaceholder')}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
      />
      {missing && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t('orders.refund.reasonRequired')}
        </p>
      )}
      <PhotoUploader value={images} onChange={setImages} max={REFUND_MAX_IMAGES} />
      <Button block type="submit" color="primary" loading={submitting}>
        {t('orders.refund.submit')}
      </Button>
    </form>
  );
}

import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { type AdminCouponRecord, adminCouponCalls, MAX_CODES_PER_BATCH } from '@studio/contract/coupons';
import { App, Button, Flex, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { downloadCsv } from '@/shared/ui/download';

/**
 * Makes batches of exchange codes, shows the ones made here (with a button copying them, one per line)
 * and exports every code of the coupon (with who redeemed it) as CSV.
 */
export function CodesDialog({ coupon, onClose }: { coupon: AdminCouponRecord; onClose: () => void }) {
  const { t } = useTranslation('coupons');
  const { message } = App.useApp();
  const [count, setCount] = useState<number | null>(50);
  /** Every code made while the dialog is open, batch after batch. */
  const [made, setMade] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const generate = useCallMutation(
    (n: number) => call(adminCouponCalls.generateCodes, { coupon_id: coupon._id, count: n }),
    {
      invalidates: [[adminCouponCalls.getList.url]],
      onSuccess: ({ codes }) => {
        setMade((before) => [...before, ...codes]);
        void message.success(t('codesMade', { count: codes.length }));
      },
    },
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.join('\n'));
      void message.success(t('copied', { count: made.length }));
    } catch {
      void message.error(t('copyFailed'));
    }
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: string[] = ['code,created_at,redeemed_at,redeemed_by'];
      for (let pageIndex = 1; ; pageIndex++) {
        const page = await call(adminCouponCalls.getCodes, { coupon_id: coupon._id, pageIndex, pageSize: 100 });
        for (const c of page.rows)
          rows.push([c.code, c.created_at, c.redeemed_at ?? '', c.redeemed_by ?? ''].join(','));
        if (!page.hasMore) break;
      }
      downloadCsv(`coupon-codes-${coupon._id}.csv`, `${rows.join('\n')}\n`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Modal
      open
      title={t('codesTitle', { name: coupon.name })}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t('exportCodes')}
          </Button>
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </Flex>
      }
    >
      {/* The coupon as the list had it when the dialog opened, plus what was made here since. */}
      <p>{t('codesHelp', { count: coupon.codes + made.length, redeemed: coupon.codes_redeemed })}</p>
      <Flex gap={8} align="center">
        <InputNumber
          aria-label={t('howMany')}
          min={1}
          max={MAX_CODES_PER_BATCH}
          precision={0}
          value={count}
          onChange={setCount}
          style={{ width: 140 }}
        />
        <Button
          type="primary"
          loading={generate.isPending}
          disabled={!count}
          onClick={() => count && generate.mutate(count)}
        >
          {t('generate')}
        </Button>
      </Flex>
      {made.length > 0 && (
        <figure className="codes-list">
          <Flex justify="space-between" align="center">
            <figcaption>{t('newCodes')}</figcaption>
            <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('copyCodes')}
            </Button>
          </Flex>
          <pre>{made.join('\n')}</pre>
        </figure>
      )}
    </Modal>
  );
}

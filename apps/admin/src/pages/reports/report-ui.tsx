import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatDate } from '@studio/contract/format';
import { Button, Card, Empty, Statistic, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/format';
import { downloadCsv } from '@/shared/ui/download';
import { changeOf } from './report-range';

/**
 * The charts' colours, from the studio's theme: its primary first, then antd's preset hues at the
 * same weight, so a stacked series reads as the studio's and its parts stay apart.
 */
export function useReportColours() {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      primary: token.colorPrimary,
      positive: token.green7,
      negative: token.colorError,
      grid: token.colorBorderSecondary,
      text: token.colorTextSecondary,
      series: [
        token.colorPrimary,
        token.cyan7,
        token.gold6,
        token.purple6,
        token.green7,
        token.magenta6,
        token.blue6,
        token.orange6,
      ],
    }),
    [token],
  );
}

/** A studio-local date (YYYY-MM-DD) as the back office writes dates, without moving it through a timezone. */
export function usePlainDate() {
  const format = useFormat();
  return (date: string) => formatDate(`${date}T00:00:00Z`, format.locale, 'UTC');
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A chart axis's short label for a period's first date: "28 Nov" / "11月28日" for days and weeks,
 * "Nov 2026" / "2026年11月" for months (the table beside it gives the whole date).
 */
export function usePeriodLabel() {
  const format = useFormat();
  return (date: string, interval: 'day' | 'week' | 'month' = 'day') => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    if (format.locale === 'en')
      return interval === 'month' ? `${EN_MONTHS[month - 1]} ${year}` : `${day} ${EN_MONTHS[month - 1]}`;
    return interval === 'month' ? `${year}年${month}月` : `${month}月${day}日`;
  };
}

/** "+12 %" / "−8 %" / "—" for a change from the previous period. */
export function ChangeText({
  current,
  previous,
  lowerIsBetter = false,
}: {
  current: number | null;
  previous: number | null;
  /** A rise is bad news (refunds, no-shows, lapsed members): it shows in red. */
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation('reports');
  const { token } = theme.useToken();
  const change = current === null || previous === null ? null : changeOf(current, previous);
  if (change === null) return <span className="secondary-text">{t('change.none')}</span>;
  const percent = Math.round(change * 100);
  // Text colours that keep 4.5:1 on white: antd's green-8 and the theme's deeper red.
  const better = lowerIsBetter ? percent < 0 : percent > 0;
  const colour = percent === 0 ? token.colorTextSecondary : better ? token.green8 : token.colorError;
  return (
    <span style={{ color: colour }} data-testid="change">
      {percent > 0 ? <ArrowUpOutlined /> : percent < 0 ? <ArrowDownOutlined /> : null}{' '}
      {t('change.percent', { sign: percent > 0 ? '+' : percent < 0 ? '−' : '±', value: Math.abs(percent) })}
    </span>
  );
}

/**
 * One figure of the range beside the previous range's: the figure large, then "previous: X" and the
 * change in per cent. `show` writes a value (money, a count, a share).
 */
export function FigureCard({
  title,
  current,
  previous,
  show,
  note,
  lowerIsBetter,
}: {
  title: string;
  current: number | null;
  previous?: number | null;
  show: (value: number) => string;
  note?: ReactNode;
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation('reports');
  return (
    <Card size="small" className="report-figure" aria-label={title} role="group">
      <Statistic title={title} value={current === null ? '—' : show(current)} />
      {previous !== undefined && (
        <div className="report-previous">
          <span className="secondary-text">
            {t('change.previous', { value: previous === null ? '—' : show(previous) })} ·
          </span>{' '}
          <ChangeText current={current} previous={previous} lowerIsBetter={lowerIsBetter} />
        </div>
      )}
      {note && <div className="secondary-text report-note">{note}</div>}
    </Card>
  );
}

/** A chart and its table, under one title; empty when the range has nothing to draw. */
export function ChartCard({
  title,
  empty,
  chart,
  table,
  extra,
}: {
  title: string;
  empty: boolean;
  chart: ReactNode;
  table: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <Card size="small" title={title} extra={extra} className="report-card">
      {empty ? (
        <Empty description={t('empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <div className="report-chart">{chart}</div>
          {table}
        </>
      )}
    </Card>
  );
}

/** Fetches a report's `.csv` form and saves it; the button spins meanwhile. */
export function ExportCsvButton({
  name,
  fetch,
}: {
  name: string;
  fetch: () => Promise<{ filename: string; csv: string }>;
}) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await fetch();
      downloadCsv(file.filename, file.csv);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} aria-label={t('export', { name })}>
      {t('exportCsv')}
    </Button>
  );
}

/** A share 0–1 as "63 %", "—" without one. */
export function useShare() {
  const format = useFormat();
  return (share: number | null) => (share === null ? '—' : `${Math.round(share * 100).toLocaleString(format.locale)}%`);
}

/**
 * A cell's background for a share 0–1: the studio's colour mixed with white, from a trace (0) to 80 %
 * (1). It stops at 80 % so the page's dark text keeps 4.5:1 on the deepest cell.
 */
export function tint(colour: string, share: number): string {
  return `color-mix(in srgb, ${colour} ${Math.round(6 + Math.min(1, Math.max(0, share)) * 74)}%, white)`;
}

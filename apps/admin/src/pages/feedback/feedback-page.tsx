import {
  type AdminFeedbackSummary,
  adminFeedbackCalls,
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
} from '@studio/contract/feedback';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Row, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { ClampedText } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { FeedbackThread, STATUS_COLORS } from './feedback-thread';
import './feedback.css';

/** The day range of the filter (studio dates in the URL) as the call's [from, to) instants. */
function rangeOf(from?: string, to?: string) {
  return {
    ...(from ? { from: dayjs(from).startOf('day').toISOString() } : {}),
    ...(to ? { to: dayjs(to).add(1, 'day').startOf('day').toISOString() } : {}),
  };
}

/**
 * Feedback: members' messages, waiting ones first (filters: status, category, the days they were
 * written); the chosen one opens beside the list with the member's card, the reply box (or an
 * internal note) and Close. The chosen thread is in the URL (`?thread=`).
 */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const format = useFormat();
  const table = useTableState(['status', 'category', 'from', 'to'] as const);
  const [params, setParams] = useSearchParams();
  const selected = params.get('thread') ?? '';
  const f = table.view.filters;
  const { from, to, ...rest } = table.query as Record<string, unknown>;
  const input = listInputOf(adminFeedbackCalls.getList, {
    ...rest,
    ...rangeOf(typeof from === 'string' ? from : undefined, typeof to === 'string' ? to : undefined),
  });
  const list = useQuery({ ...callQuery(adminFeedbackCalls.getList, input), placeholderData: keepPreviousData });
  const open = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('thread', id);
      return next;
    });

  const columns: ServerColumn<AdminFeedbackSummary>[] = [
    {
      key: 'status',
      title: t('status'),
      className: 'nowrap',
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`statuses.${r.status}`)}</Tag>,
    },
    {
      key: 'content',
      title: t('message'),
      render: (_, r) => (
        <button
          type="button"
          className="feedback-open"
          onClick={() => open(r._id)}
          aria-current={r._id === selected ? 'true' : undefined}
        >
          <span className="secondary-text">
            {t(`categories.${r.category}`)} · {r.member.nickname}
          </span>
          <ClampedText text={r.content} rows={2} minWidth={200} />
        </button>
      ),
    },
    {
      key: 'updated_at',
      title: t('lastActivity'),
      className: 'nowrap',
      render: (_, r) => format.dateTime(r.updated_at),
    },
  ];

  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <FilterBar>
        <FilterSelect<string>
          label={t('status')}
          allLabel={t('allStatuses')}
          value={f.status}
          onChange={(value) => table.setFilters({ status: value })}
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
        <FilterSelect<string>
          label={t('category')}
          allLabel={t('allCategories')}
          value={f.category}
          onChange={(value) => table.setFilters({ category: value })}
          options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('dates')}
          value={f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null}
          onChange={(range) =>
            table.setFilters({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
      </FilterBar>
      <Row gutter={16} wrap={false} className="feedback-inbox">
        <Col flex="1 1 520px" style={{ minWidth: 0 }}>
          <ServerTable<AdminFeedbackSummary>
            caption={t('title')}
            state={table}
            query={list}
            columns={columns}
            rowClassName={(r) => (r._id === selected ? 'is-selected' : '')}
          />
        </Col>
        <Col flex="0 1 560px" style={{ minWidth: 0 }}>
          {selected ? <FeedbackThread id={selected} /> : <p className="secondary-text feedback-pick">{t('pickOne')}</p>}
        </Col>
      </Row>
    </Page>
  );
}

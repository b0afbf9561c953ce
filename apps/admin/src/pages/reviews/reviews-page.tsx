import { useCallMutation } from '@studio/client/mutation';
import { type AdminReviewRecord, adminReviewCalls, REPLY_MAX } from '@studio/contract/reviews';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Image, Input, Modal, Rate, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { ClampedText, ClippedLink } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';

const INVALIDATES = [[adminReviewCalls.getList.url]];

/** Reviews: newest first (or the low ratings first), hide one that breaks the rules (audited), reply in public. */
export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const format = useFormat();
  const table = useTableState(['hidden', 'max_rate'] as const);
  const { hidden, max_rate, ...rest } = table.query as Record<string, unknown>;
  const input = listInputOf(adminReviewCalls.getList, {
    ...rest,
    ...(hidden === 'true' || hidden === 'false' ? { hidden: hidden === 'true' } : {}),
    ...(typeof max_rate === 'string' && max_rate ? { max_rate: Number(max_rate) } : {}),
  });
  const list = useQuery({ ...callQuery(adminReviewCalls.getList, input), placeholderData: keepPreviousData });
  const [replying, setReplying] = useState<AdminReviewRecord | null>(null);
  const [form] = Form.useForm<{ reply: string }>();
  const setHidden = useCallMutation((r: { _id: string; hidden: boolean }) => call(adminReviewCalls.setHidden, r), {
    invalidates: INVALIDATES,
    onSuccess: ({ review }) => void message.success(review.hidden ? t('hiddenDone') : t('shownDone')),
  });
  const reply = useCallMutation((r: { _id: string; reply: string }) => call(adminReviewCalls.reply, r), {
    invalidates: INVALIDATES,
    onSuccess: () => {
      void message.success(t('replied'));
      setReplying(null);
    },
  });
  const columns: ServerColumn<AdminReviewRecord>[] = [
    {
      key: 'created_at',
      title: t('date'),
      sorter: true,
      className: 'nowrap',
      render: (_, r) => format.dateTime(r.created_at),
    },
    {
      key: 'rate',
      title: t('rating'),
      sorter: true,
      className: 'nowrap',
      render: (_, r) => (
        <span>
          <Rate disabled value={r.rate} style={{ fontSize: 14 }} />
          <span className="visually-hidden">{t('stars', { count: r.rate })}</span>
        </span>
      ),
    },
    {
      // What was reviewed above what the member wrote: one column, so the table fits 1280 px.
      // No width: the review takes the room the other columns leave.
      key: 'content',
      title: t('content'),
      render: (_, r) => (
        <Space direction="vertical" size={4}>
          <ClampedText text={r.sku_name ? `${r.goods_name} · ${r.sku_name}` : r.goods_name} rows={1} secondary />
          <ClampedText text={r.content} rows={3} minWidth={260} />
          {r.images.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4} wrap>
                {r.images.map((src, i) => (
                  <Image key={src} src={src} width={40} height={40} alt={t('photo', { n: i + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {r.reply && <ClampedText text={`${t('replyPrefix')} ${r.reply}`} secondary />}
        </Space>
      ),
    },
    {
      key: 'member',
      title: t('memberOrder'),
      width: 160,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <ClippedLink to={`/members/${r.member._id}`} text={r.member.nickname} width={160} />
          <Link to={`/orders/${r.order_no}`} className="figures">
            {r.order_no}
          </Link>
        </Space>
      ),
    },
    {
      key: 'visible',
      title: t('visible'),
      render: (_, r) => (
        <Switch
          checked={!r.hidden}
          aria-label={t('visibleLabel', { member: r.member.nickname })}
          loading={setHidden.isPending && setHidden.variables?._id === r._id}
          onChange={(visible) => setHidden.mutate({ _id: r._id, hidden: !visible })}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_, r) => (
        <Button
          type="link"
          onClick={() => setReplying(r)}
          aria-label={`${r.reply ? t('editReply') : t('reply')}: ${r.member.nickname}`}
        >
          {r.reply ? t('editReply') : t('reply')}
        </Button>
      ),
    },
  ];
  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <FilterBar>
        <FilterSelect<string>
          label={t('visible')}
          allLabel={t('allReviews')}
          value={table.view.filters.hidden}
          onChange={(value) => table.setFilters({ hidden: value })}
          options={[
            { value: 'false', label: t('shown') },
            { value: 'true', label: t('hidden') },
          ]}
        />
        <FilterSelect<string>
          label={t('rating')}
          allLabel={t('allRatings')}
          value={table.view.filters.max_rate}
          onChange={(value) => table.setFilters({ max_rate: value })}
          options={[1, 2, 3].map((n) => ({ value: String(n), label: t('atMost', { count: n }) }))}
        />
      </FilterBar>
      <ServerTable<AdminReviewRecord> caption={t('title')} state={table} query={list} columns={columns} />
      <Modal
        open={replying !== null}
        title={t('replyTitle')}
        okText={t('publishReply')}
        confirmLoading={reply.isPending}
        onOk={() => form.submit()}
        onCancel={() => setReplying(null)}
        destroyOnHidden
      >
        {replying && (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ reply: replying.reply }}
            onFinish={(f) => reply.mutate({ _id: replying._id, reply: (f.reply ?? '').trim() })}
          >
            <p>
              <Tag>{replying.rate}★</Tag> {replying.content}
            </p>
            <Form.Item name="reply" label={t('reply')} extra={t('replyHelp')} rules={[{ max: REPLY_MAX }]}>
              <Input.TextArea rows={3} maxLength={REPLY_MAX} showCount />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Page>
  );
}

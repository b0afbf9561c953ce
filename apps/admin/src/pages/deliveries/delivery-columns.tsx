import { FilterOutlined } from '@ant-design/icons';
import type { DeliveryRecord, DeliveryState } from '@studio/contract/channels';
import { Button, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { useFormat } from '@/shared/format/format';
import type { ServerColumn } from '@/shared/table/server-table';

/** A delivery's state as a tag (palettes whose text app.css darkens to 4.5:1): waiting and sending blue, sent green, failed red. */
export const STATE_COLORS: Record<DeliveryState, string> = {
  pending: 'blue',
  sending: 'geekblue',
  sent: 'green',
  failed: 'red',
};

/** "Class cancelled", "Announcement": a notice type's name for staff; a type this build does not know shows as it is. */
export const typeName = (t: TFunction, type: string) => t(`types.${type}`, { defaultValue: type });

/**
 * The member as the log names them: their name, else (a member who never gave one) the address or
 * number it went to, else "a member without a name".
 */
export const memberLabel = (t: TFunction, d: DeliveryRecord) =>
  d.user_name || (d.channel === 'push' ? t('noName') : d.target);

/** What "Send again" may be asked of: a delivery that ended (failed, or sent and wanted once more). */
export const canResend = (d: DeliveryRecord) => d.state === 'failed' || d.state === 'sent';

const dash = <span className="secondary-text">—</span>;

/** The delivery log's columns; the member and notice cells narrow the log to that member or notice. */
export function deliveryColumns({
  t,
  format,
  canOpenMember,
  onlyMember,
  onlyNotice,
  onResend,
}: {
  t: TFunction;
  format: ReturnType<typeof useFormat>;
  /** Whether the staff member may open a member's page (members.manage). */
  canOpenMember: boolean;
  /** Set, the log shows one member, or one notice: no button to narrow it further. */
  onlyMember: ((d: DeliveryRecord) => void) | null;
  onlyNotice: ((d: DeliveryRecord) => void) | null;
  onResend: (d: DeliveryRecord) => void;
}): ServerColumn<DeliveryRecord>[] {
  const stamp = (time: string | null) => (time ? <span className="figures">{format.stamp(time)}</span> : dash);
  return [
    { key: 'created_at', title: t('createdAt'), width: 140, render: (_, d) => stamp(d.created_at) },
    {
      key: 'member',
      title: t('member'),
      width: 170,
      render: (_, d) => (
        <Space size={4}>
          {canOpenMember ? <Link to={`/members/${d.user_id}`}>{memberLabel(t, d)}</Link> : memberLabel(t, d)}
          {onlyMember && (
            <Button
              type="text"
              size="small"
              icon={<FilterOutlined aria-hidden />}
              aria-label={t('onlyMember', { name: memberLabel(t, d) })}
              title={t('onlyMember', { name: memberLabel(t, d) })}
              onClick={() => onlyMember(d)}
            />
          )}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('notice'),
      width: 190,
      render: (_, d) => (
        <Space size={4}>
          {typeName(t, d.type)}
          {onlyNotice && (
            <Button
              type="text"
              size="small"
              icon={<FilterOutlined aria-hidden />}
              aria-label={t('onlyNotice', { type: typeName(t, d.type) })}
              title={t('onlyNotice', { type: typeName(t, d.type) })}
              onClick={() => onlyNotice(d)}
            />
          )}
        </Space>
      ),
    },
    { key: 'channel', title: t('channel'), render: (_, d) => t(`channels.${d.channel}`) },
    {
      key: 'target',
      title: t('target'),
      width: 200,
      render: (_, d) => (
        <Typography.Text ellipsis={{ tooltip: d.target }} style={{ maxWidth: 200 }}>
          {d.target}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('state'),
      render: (_, d) => <Tag color={STATE_COLORS[d.state]}>{t(`states.${d.state}`)}</Tag>,
    },
    { key: 'tries', title: t('tries'), align: 'right', render: (_, d) => <span className="figures">{d.tries}</span> },
    {
      key: 'last_error',
      title: t('lastError'),
      width: 220,
      render: (_, d) =>
        d.last_error ? (
          <Typography.Text ellipsis={{ tooltip: d.last_error }} style={{ maxWidth: 220 }}>
            {d.last_error}
          </Typography.Text>
        ) : (
          dash
        ),
    },
    { key: 'next_at', title: t('nextAt'), width: 140, render: (_, d) => stamp(d.next_at) },
    { key: 'sent_at', title: t('sentAt'), width: 140, render: (_, d) => stamp(d.sent_at) },
    {
      key: 'actions',
      title: t('common:table.actions'),
      fixed: 'right',
      render: (_, d) =>
        canResend(d) ? (
          <Button
            type="link"
            size="small"
            onClick={() => onResend(d)}
            aria-label={t('resendLabel', {
              type: typeName(t, d.type),
              name: memberLabel(t, d),
              channel: t(`channels.${d.channel}`),
            })}
          >
            {t('resend')}
          </Button>
        ) : null,
    },
  ];
}

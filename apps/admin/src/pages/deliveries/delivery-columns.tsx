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

const CLIPPED_LINK = {
  display: 'inline-block',
  maxWidth: 160,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

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
  const stamp = (time: string) => format.stamp(time);
  /** A narrow cell's text on one line, cut with "…" and shown whole on hover. */
  const clipped = (text: string, width: number) => (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
  const onlyButton = (label: string, onClick: () => void) => (
    <Button
      type="text"
      size="small"
      icon={<FilterOutlined aria-hidden />}
      aria-label={label}
      title={label}
      onClick={onClick}
    />
  );
  // Seven columns, so the log fits a 1440 px screen whole: pairs that belong together share a cell
  // (when it was written and when it was sent or is tried next; the channel and where it went; the
  // state and its tries).
  return [
    {
      key: 'created_at',
      title: t('createdAt'),
      render: (_, d) => (
        <Space direction="vertical" size={0} className="figures" style={{ whiteSpace: 'nowrap' }}>
          {stamp(d.created_at)}
          {d.sent_at ? (
            <span className="secondary-text">{t('sentAtValue', { time: stamp(d.sent_at) })}</span>
          ) : d.next_at ? (
            <span className="secondary-text">{t('nextAtValue', { time: stamp(d.next_at) })}</span>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'member',
      title: t('member'),
      render: (_, d) => (
        <Space size={4}>
          {canOpenMember ? (
            // Cut like the other cells, but with the link's own colour (Typography would paint it as text).
            <Link to={`/members/${d.user_id}`} title={memberLabel(t, d)} style={CLIPPED_LINK}>
              {memberLabel(t, d)}
            </Link>
          ) : (
            clipped(memberLabel(t, d), 160)
          )}
          {onlyMember && onlyButton(t('onlyMember', { name: memberLabel(t, d) }), () => onlyMember(d))}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('notice'),
      render: (_, d) => (
        <Space size={4}>
          {clipped(typeName(t, d.type), 160)}
          {onlyNotice && onlyButton(t('onlyNotice', { type: typeName(t, d.type) }), () => onlyNotice(d))}
        </Space>
      ),
    },
    {
      key: 'channel',
      title: t('channel'),
      render: (_, d) => (
        <Space direction="vertical" size={0}>
          {t(`channels.${d.channel}`)}
          <span className="secondary-text">{clipped(d.target, 180)}</span>
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('state'),
      render: (_, d) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATE_COLORS[d.state]}>{t(`states.${d.state}`)}</Tag>
          <span className="secondary-text figures">{t('triesCount', { count: d.tries })}</span>
        </Space>
      ),
    },
    {
      key: 'last_error',
      title: t('lastError'),
      render: (_, d) => (d.last_error ? clipped(d.last_error, 200) : dash),
    },
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

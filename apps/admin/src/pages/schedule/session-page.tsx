import { DownloadOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { adminReservationCalls, type Roster } from '@studio/contract/reservations';
import { capacity as capacitySchema } from '@studio/contract/schedule';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Modal, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { showSaveError, zodRule } from '@/shared/forms/forms';
import { useConfirmDanger } from '@/shared/ui/confirm';
import { downloadCsv } from '@/shared/ui/download';
import { Page, QueryState } from '@/shared/ui/page';
import { AddToRosterButton, ROSTER_QUERIES } from './roster-add';

type RosterRow = Roster['rows'][number];
type WaitRow = Roster['waitlist'][number];

/**
 * A session: its roster (add a member at the desk, check in, remove with the credit back), its
 * waitlist in order, its capacity, calling it off.
 */
export function SessionPage() {
  const { id = '' } = useParams();
  const roster = useQuery(callQuery(adminReservationCalls.getRoster, { _id: id }));
  return <QueryState query={roster}>{(data) => <SessionView roster={data} />}</QueryState>;
}

function SessionView({ roster }: { roster: Roster }) {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const format = useFormat();
  const confirm = useConfirmDanger();
  const { session } = roster;
  const cancelled = session.status === 'cancelled';
  const active = roster.rows.filter((r) => r.status !== 'cancelled');
  const checkedIn = active.filter((r) => r.checked_in_at).length;
  const refresh = ROSTER_QUERIES;

  const checkIn = useCallMutation((row: RosterRow) => call(adminReservationCalls.checkIn, { _id: row._id }), {
    invalidates: refresh,
    onSuccess: (_, row) => void message.success(t('roster.checkedIn', { name: row.member.nickname })),
  });
  const queryClient = useQueryClient();
  const removeSeat = async (row: RosterRow) => {
    const name = row.member.nickname;
    await confirm({
      title: t('roster.removeTitle', { name }),
      content: row.drop_in
        ? t('roster.removeDropIn', { name, amount: format.money(row.drop_in.amount) })
        : t('roster.removeBody', { name }),
      okText: t('roster.remove'),
      onOk: async () => {
        await call(adminReservationCalls.cancelReservation, { _id: row._id });
        await Promise.all(ROSTER_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        void message.success(t(row.drop_in ? 'roster.removedDropIn' : 'roster.removed', { name }));
      },
    });
  };
  const started = Date.now() >= new Date(session.starts_at).getTime();

  const [capacityForm] = Form.useForm<{ capacity: number }>();
  const saveCapacity = useCallMutation(
    (capacity: number) => call(adminReservationCalls.updateSession, { _id: session._id, capacity }, { silent: true }),
    {
      invalidates: refresh,
      onSuccess: () => void message.success(t('capacity.saved')),
      onError: (error) => showSaveError(capacityForm, error),
    },
  );

  const [cancelOpen, setCancelOpen] = useState(false);
  const exportCsv = async () => {
    const file = await call(adminReservationCalls.exportRoster, { _id: session._id });
    downloadCsv(file.filename, file.csv);
  };

  const rosterColumns = [
    { key: 'member', title: t('roster.member'), render: (_: unknown, r: RosterRow) => r.member.nickname },
    {
      key: 'status',
      title: t('roster.status'),
      render: (_: unknown, r: RosterRow) =>
        r.checked_in_at ? (
          <Tag color="green">{t('roster.checkedInAt', { time: format.time(r.checked_in_at) })}</Tag>
        ) : (
          <Tag color={r.status === 'cancelled' ? undefined : 'blue'}>{t(`roster.statuses.${r.status}`)}</Tag>
        ),
    },
    {
      key: 'paid',
      title: t('roster.paidWith'),
      render: (_: unknown, r: RosterRow) =>
        r.drop_in
          ? t('roster.dropIn', {
              amount: format.money(r.drop_in.amount),
              method: t(`roster.methods.${r.drop_in.method}`),
            })
          : t('roster.credit'),
    },
    {
      key: 'created_at',
      title: t('roster.bookedAt'),
      render: (_: unknown, r: RosterRow) => format.stamp(r.created_at),
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_: unknown, r: RosterRow) =>
        r.status === 'registered' && !cancelled ? (
          <Flex gap={8}>
            {!r.checked_in_at && (
              <Button
                size="small"
                type="primary"
                loading={checkIn.isPending && checkIn.variables?._id === r._id}
                onClick={() => checkIn.mutate(r)}
                aria-label={`${t('roster.checkIn')} ${r.member.nickname}`}
              >
                {t('roster.checkIn')}
              </Button>
            )}
            <Button
              size="small"
              danger
              onClick={() => void removeSeat(r)}
              aria-label={`${t('roster.remove')} ${r.member.nickname}`}
            >
              {t('roster.remove')}
            </Button>
          </Flex>
        ) : null,
    },
  ];
  const waitColumns = [
    { key: 'position', title: t('waitlist.position'), dataIndex: 'position', width: 100 },
    { key: 'member', title: t('roster.member'), render: (_: unknown, w: WaitRow) => w.member.nickname },
    {
      key: 'created_at',
      title: t('waitlist.joinedAt'),
      render: (_: unknown, w: WaitRow) => format.stamp(w.created_at),
    },
  ];

  return (
    <Page
      title={session.course_name}
      subtitle={format.dateTime(session.starts_at)}
      extra={
        <>
          <Link to={`/schedule?week=${session.starts_at.slice(0, 10)}`}>
            <Button>{t('session.backToWeek')}</Button>
          </Link>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()}>
            {t('common:actions.export')}
          </Button>
          {!cancelled && (
            <Button danger onClick={() => setCancelOpen(true)}>
              {t('session.cancel')}
            </Button>
          )}
        </>
      }
    >
      <Flex gap={16} wrap style={{ marginBottom: 16 }}>
        <Card size="small" style={{ flex: '2 1 420px' }}>
          <Descriptions
            column={2}
            size="small"
            items={[
              {
                key: 'when',
                label: t('session.when'),
                children: `${format.dateTime(session.starts_at)} – ${format.time(session.ends_at)}`,
              },
              { key: 'teacher', label: t('session.teacher'), children: session.teacher_name },
              { key: 'room', label: t('session.room'), children: session.room_name },
              {
                key: 'status',
                label: t('session.status'),
                children: cancelled ? (
                  <Tag color="red">{t('session.cancelledBecause', { reason: session.cancel_reason ?? '' })}</Tag>
                ) : (
                  <Tag color="green">{t(`session.statuses.${session.status}`)}</Tag>
                ),
              },
            ]}
          />
        </Card>
        <Card size="small" style={{ flex: '1 1 360px' }}>
          <Flex gap={32}>
            <Statistic title={t('session.booked')} value={session.booked_count} suffix={`/ ${session.capacity}`} />
            <Statistic title={t('session.waiting')} value={session.waitlist_count} />
            <Statistic title={t('session.checkedIn')} value={checkedIn} />
          </Flex>
        </Card>
      </Flex>

      {!cancelled && (
        <Card size="small" title={t('capacity.title')} style={{ marginBottom: 16 }}>
          <Form
            form={capacityForm}
            layout="inline"
            initialValues={{ capacity: session.capacity }}
            onFinish={(v) => saveCapacity.mutate(v.capacity)}
          >
            <Form.Item
              name="capacity"
              label={t('capacity.label')}
              rules={[zodRule(capacitySchema, { required: true })]}
            >
              <InputNumber min={1} max={500} precision={0} />
            </Form.Item>
            <Button htmlType="submit" loading={saveCapacity.isPending}>
              {t('capacity.save')}
            </Button>
          </Form>
        </Card>
      )}

      <Card
        size="small"
        title={t('roster.title', { count: active.length })}
        extra={!cancelled && !started && <AddToRosterButton session={session} />}
        style={{ marginBottom: 16 }}
      >
        <Table<RosterRow>
          rowKey="_id"
          aria-label={t('roster.title', { count: active.length })}
          columns={rosterColumns}
          dataSource={roster.rows}
          pagination={false}
          locale={{ emptyText: <span className="secondary-text">{t('roster.empty')}</span> }}
        />
      </Card>
      <Card size="small" title={t('waitlist.title', { count: roster.waitlist.length })}>
        <Table<WaitRow>
          rowKey="_id"
          aria-label={t('waitlist.title', { count: roster.waitlist.length })}
          columns={waitColumns}
          dataSource={roster.waitlist}
          pagination={false}
          locale={{ emptyText: <span className="secondary-text">{t('waitlist.empty')}</span> }}
        />
      </Card>
      <CancelSessionModal
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        sessionId={session._id}
        booked={active.length}
        waiting={roster.waitlist.length}
      />
    </Page>
  );
}

/** Calls the session off, with a reason, after saying who will be told and refunded. */
function CancelSessionModal({
  open,
  onClose,
  sessionId,
  booked,
  waiting,
}: {
  open: boolean;
  onClose: () => void;
  sessionId: string;
  booked: number;
  waiting: number;
}) {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCallMutation(
    (reason: string) => call(adminReservationCalls.cancelSession, { _id: sessionId, reason }, { silent: true }),
    {
      invalidates: [[adminReservationCalls.getRoster.url], [adminReservationCalls.getCalendar.url]],
      onSuccess: () => {
        void message.success(t('cancel.done'));
        onClose();
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  return (
    <Modal
      title={t('cancel.title')}
      open={open}
      onCancel={onClose}
      okText={t('cancel.confirm')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText={t('cancel.keep')}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>{t('cancel.consequence', { count: booked })}</p>
      {waiting > 0 && <p>{t('cancel.waiting', { count: waiting })}</p>}
      <Form form={form} layout="vertical" onFinish={(v) => cancel.mutate(v.reason)} preserve={false}>
        <Form.Item
          name="reason"
          label={t('cancel.reason')}
          rules={[{ required: true, whitespace: true, message: t('cancel.reasonRequired') }, { max: 200 }]}
          extra={t('cancel.reasonHelp')}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

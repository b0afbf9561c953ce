import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { type AdminPackageRecord, adminPackageCalls, packageGrantInput } from '@studio/contract/packages';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Flex, Form, Input, InputNumber, Modal, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { requiredRule, showSaveError, zodRule } from '@/shared/forms/forms';

const STATUS_COLOURS: Record<string, string | undefined> = {
  unused: 'green',
  used: 'blue',
  completed: undefined,
  expired: 'red',
  refunded: 'orange',
};

type Dialog =
  | { kind: 'grant' }
  | { kind: 'adjust'; pkg: AdminPackageRecord }
  | { kind: 'extend'; pkg: AdminPackageRecord }
  | null;

/** A member's course packages: grant one, add or take credits, extend the last day, each with a reason. */
export function PackagesCard({ userId }: { userId: string }) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const list = useQuery(callQuery(adminPackageCalls.getPackageList, { user_id: userId, pageIndex: 1, pageSize: 100 }));
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = [
    { key: 'name', title: t('packages.name'), dataIndex: 'name' },
    {
      key: 'status',
      title: t('packages.status'),
      render: (_: unknown, p: AdminPackageRecord) => {
        // A refunded package reads as used up by its counts; what happened to it is the refund.
        const status = p.refunded_at ? 'refunded' : p.status;
        return <Tag color={STATUS_COLOURS[status]}>{t(`packages.statuses.${status}`)}</Tag>;
      },
    },
    {
      key: 'credits',
      title: t('packages.credits'),
      render: (_: unknown, p: AdminPackageRecord) =>
        t('packages.left', { remaining: p.remaining_count, total: p.total_count }),
    },
    {
      key: 'valid_until',
      title: t('packages.validUntil'),
      render: (_: unknown, p: AdminPackageRecord) =>
        p.valid_until ? format.date(p.valid_until) : t('packages.longTerm'),
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      // A refunded package is void: nothing is left to adjust or extend.
      render: (_: unknown, p: AdminPackageRecord) =>
        !p.refunded_at && (
          <Flex gap={8}>
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'adjust', pkg: p })}
              aria-label={`${t('packages.adjust')}: ${p.name}`}
            >
              {t('packages.adjust')}
            </Button>
            {p.valid_until && (
              <Button
                size="small"
                onClick={() => setDialog({ kind: 'extend', pkg: p })}
                aria-label={`${t('packages.extend')}: ${p.name}`}
              >
                {t('packages.extend')}
              </Button>
            )}
          </Flex>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('packages.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'grant' })}>
          {t('packages.grant')}
        </Button>
      }
    >
      <Table<AdminPackageRecord>
        rowKey="_id"
        aria-label={t('packages.title')}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: <span className="secondary-text">{t('packages.empty')}</span> }}
      />
      {dialog?.kind === 'grant' && <GrantDialog userId={userId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'adjust' && <AdjustDialog pkg={dialog.pkg} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'extend' && <ExtendDialog pkg={dialog.pkg} onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** A small form in a dialog: OK submits, the dialog stays open with the error beside its field. */
function FormDialog<T extends object>({
  title,
  onClose,
  onSubmit,
  saving,
  children,
  initialValues,
  okText,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (form: ReturnType<typeof Form.useForm<T>>[0], values: T) => void;
  saving: boolean;
  children: React.ReactNode;
  initialValues?: Partial<T>;
  okText: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okText={okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<T> form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => onSubmit(form, v)}>
        {children}
      </Form>
    </Modal>
  );
}

const refresh = [[adminPackageCalls.getPackageList.url]] as const;

function useDialogSave<I>(fn: (input: I) => Promise<unknown>, done: string, onClose: () => void) {
  const { message } = App.useApp();
  return useCallMutation(({ input }: { input: I; form: Parameters<typeof showSaveError>[0] }) => fn(input), {
    invalidates: refresh,
    onSuccess: () => {
      void message.success(done);
      onClose();
    },
    onError: (error, { form }) => showSaveError(form, error),
  });
}

function GrantDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation('members');
  const save = useDialogSave(
    (input: { name: string; class_count: number; valid_until?: Dayjs | null }) =>
      call(
        adminPackageCalls.grantPackage,
        {
          user_id: userId,
          name: input.name,
          class_count: input.class_count,
          ...(input.valid_until ? { valid_until: input.valid_until.endOf('day').toISOString() } : {}),
        },
        { silent: true },
      ),
    t('packages.granted'),
    onClose,
  );
  return (
    <FormDialog<{ name: string; class_count: number; valid_until?: Dayjs | null }>
      title={t('packages.grant')}
      okText={t('packages.grant')}
      onClose={onClose}
      saving={save.isPending}
      initialValues={{ class_count: 10 }}
      onSubmit={(form, input) => save.mutate({ input, form })}
    >
      <Form.Item name="name" label={t('packages.name')} rules={[requiredRule(), { max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="class_count"
        label={t('packages.classCount')}
        rules={[requiredRule(), zodRule(packageGrantInput.shape.class_count)]}
      >
        <InputNumber min={1} max={1000} precision={0} />
      </Form.Item>
      <Form.Item name="valid_until" label={t('packages.validUntil')} extra={t('packages.validUntilHelp')}>
        <DatePicker minDate={dayjs()} />
      </Form.Item>
    </FormDialog>
  );
}

function AdjustDialog({ pkg, onClose }: { pkg: AdminPackageRecord; onClose: () => void }) {
  const { t } = useTranslation('members');
  const save = useDialogSave(
    (input: { delta: number; reason: string }) =>
      call(adminPackageCalls.adjustCredits, { _id: pkg._id, ...input }, { silent: true }),
    t('packages.adjusted'),
    onClose,
  );
  return (
    <FormDialog<{ delta: number; reason: string }>
      title={t('packages.adjustTitle', { name: pkg.name })}
      okText={t('packages.adjust')}
      onClose={onClose}
      saving={save.isPending}
      onSubmit={(form, input) => save.mutate({ input, form })}
    >
      <p>{t('packages.left', { remaining: pkg.remaining_count, total: pkg.total_count })}</p>
      <Form.Item
        name="delta"
        label={t('packages.delta')}
        extra={t('packages.deltaHelp')}
        rules={[
          requiredRule(),
          {
            type: 'number',
            min: -pkg.remaining_count,
            message: t('packages.deltaTooLow', { count: pkg.remaining_count }),
          },
          {
            validator: async (_, v: number) =>
              v === 0 ? Promise.reject(new Error(t('packages.deltaZero'))) : undefined,
          },
        ]}
      >
        <InputNumber min={-1000} max={1000} precision={0} />
      </Form.Item>
      <Form.Item name="reason" label={t('packages.reason')} rules={[requiredRule(), { max: 200 }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

function ExtendDialog({ pkg, onClose }: { pkg: AdminPackageRecord; onClose: () => void }) {
  const { t } = useTranslation('members');
  const save = useDialogSave(
    (input: { valid_until: Dayjs; reason: string }) =>
      call(
        adminPackageCalls.extend,
        { _id: pkg._id, valid_until: input.valid_until.endOf('day').toISOString(), reason: input.reason },
        { silent: true },
      ),
    t('packages.extended'),
    onClose,
  );
  const current = dayjs(pkg.valid_until);
  return (
    <FormDialog<{ valid_until: Dayjs; reason: string }>
      title={t('packages.extendTitle', { name: pkg.name })}
      okText={t('packages.extend')}
      onClose={onClose}
      saving={save.isPending}
      onSubmit={(form, input) => save.mutate({ input, form })}
    >
      <Form.Item name="valid_until" label={t('packages.newValidUntil')} rules={[requiredRule()]}>
        <DatePicker minDate={(current.isAfter(dayjs()) ? current : dayjs()).add(1, 'day')} />
      </Form.Item>
      <Form.Item name="reason" label={t('packages.reason')} rules={[requiredRule(), { max: 200 }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

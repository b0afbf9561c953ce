import { UserAddOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { adminUserCalls } from '@studio/contract/account';
import { toMinorUnits } from '@studio/contract/format';
import type { PackageRecord } from '@studio/contract/packages';
import { DESK_METHODS, type DeskMethod } from '@studio/contract/payments';
import { adminReservationCalls, type DeskSeatPay } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Form, Modal, Radio, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePhoneFormat } from '@/shared/format/phone';
import { requiredRule, showSaveError } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';

type PayKind = DeskSeatPay['kind'];

interface AddForm {
  user_id: string;
  kind: PayKind;
  package_id?: string;
  /** Major units, as typed. */
  amount?: number;
  method?: DeskMethod;
}

/** The roster's queries: what a seat added or freed changes. */
export const ROSTER_QUERIES = [[adminReservationCalls.getRoster.url], [adminReservationCalls.getCalendar.url]] as const;

/** Finds the member at the desk: searched on the server (the members list) as staff type a name, username, e-mail or mobile. */
export function MemberSearch({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (id: string) => void;
}) {
  const { t } = useTranslation('schedule');
  const phone = usePhoneFormat();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    ...callQuery(adminUserCalls.getList, { keyword, pageIndex: 1, pageSize: 20, order: 'asc' }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
  return (
    <Select<string>
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={onChange}
      placeholder={t('roster.add.memberSearch')}
      loading={found.isFetching}
      notFoundContent={keyword.trim() && !found.isFetching ? t('roster.add.noMember') : null}
      options={(found.data?.rows ?? []).map((m) => ({
        value: m._id,
        label: (
          <Space>
            <Avatar size={20} src={m.avatar ?? undefined} alt="" />
            <span>{m.nickname || m.username}</span>
            <span className="secondary-text">
              {[m.username, m.mobile && phone(m.mobile), m.email].filter(Boolean).join(' · ')}
            </span>
          </Space>
        ),
      }))}
    />
  );
}

/** "10 classes · 7 of 10 left · until 3 Dec 2026": a package as the desk chooses it. */
function packageLabel(p: PackageRecord, t: TFunction<'schedule'>, date: (iso: string) => string) {
  return [
    p.name,
    t('roster.add.left', { left: p.remaining_count, total: p.total_count }),
    p.valid_until ? t('roster.add.until', { date: date(p.valid_until) }) : t('roster.add.noExpiry'),
  ].join(' · ');
}

/**
 * Add a member at the desk: the member searched by name, then a credit of one of their packages that
 * can pay for this class (the one a booking would take first is chosen), or a drop-in paid at the
 * desk with its amount and how it was paid. The server applies the booking's rules.
 */
export function AddToRosterButton({ session }: { session: SessionRecord }) {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AddForm>();
  const userId = Form.useWatch('user_id', form);
  const kind = Form.useWatch('kind', form);
  const payable = useQuery({
    ...callQuery(adminReservationCalls.getPayablePackages, { _id: session._id, user_id: userId ?? '' }),
    enabled: open && !!userId,
  });
  const packages = payable.data?.rows;

  // A member chosen: their first payable package (the one a booking takes), or a drop-in when none can pay.
  useEffect(() => {
    if (!packages) return;
    form.setFieldsValue(
      packages.length > 0
        ? { kind: 'package', package_id: packages[0]!._id }
        : { kind: 'drop_in', package_id: undefined },
    );
  }, [packages, form]);

  const add = useCallMutation(
    (f: AddForm) =>
      call(
        adminReservationCalls.addToRoster,
        {
          session_id: session._id,
          user_id: f.user_id,
          pay:
            f.kind === 'package'
              ? { kind: 'package', package_id: f.package_id }
              : { kind: 'drop_in', amount: toMinorUnits(f.amount ?? 0), method: f.method! },
        },
        { silent: true },
      ),
    {
      invalidates: ROSTER_QUERIES,
      onSuccess: () => {
        void message.success(t('roster.add.done'));
        setOpen(false);
      },
      onError: (error) => showSaveError(form, error),
    },
  );

  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {t('roster.add.button')}
      </Button>
      <Modal
        open={open}
        title={t('roster.add.title', { course: session.course_name })}
        okText={t('roster.add.confirm')}
        cancelText={t('common:actions.cancel')}
        onCancel={() => setOpen(false)}
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form<AddForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ kind: 'package' }}
          onFinish={(f) => add.mutate(f)}
        >
          <p className="secondary-text">{t('roster.add.intro', { when: format.dateTime(session.starts_at) })}</p>
          <Form.Item name="user_id" label={t('roster.member')} rules={[requiredRule()]}>
            <MemberSearch />
          </Form.Item>
          <Form.Item name="kind" label={t('roster.add.payWith')}>
            <Radio.Group
              options={[
                { value: 'package', label: t('roster.add.credit'), disabled: packages?.length === 0 },
                { value: 'drop_in', label: t('roster.add.dropIn') },
              ]}
            />
          </Form.Item>
          {userId && packages?.length === 0 && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('roster.add.noPackage')} />
          )}
          {kind === 'package' && userId && packages && packages.length > 0 && (
            <Form.Item name="package_id" label={t('roster.add.package')} rules={[requiredRule()]}>
              <Select
                options={packages.map((p) => ({ value: p._id, label: packageLabel(p, t, format.date) }))}
                loading={payable.isFetching}
              />
            </Form.Item>
          )}
          {kind === 'drop_in' && (
            <>
              <Form.Item name="amount" label={t('roster.add.amount')} rules={[requiredRule()]}>
                <MoneyInput min={0} max={100_000} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="method" label={t('roster.add.method')} rules={[requiredRule()]}>
                <Radio.Group options={DESK_METHODS.map((m) => ({ value: m, label: t(`roster.methods.${m}`) }))} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}

import { CloseOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { adminDeliveryCalls, DELIVERY_CHANNELS, DELIVERY_STATES, type DeliveryRecord } from '@studio/contract/channels';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePermission } from '@/shared/session/permissions';
import { ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { useConfirmDanger } from '@/shared/ui/confirm';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { deliveryColumns, memberLabel, typeName } from './delivery-columns';

/** The URL's filters: the two selects, and the member and notice a link narrowed the log to. */
const FILTERS = ['channel', 'state', 'user_id', 'notice_id'] as const;

/** A filter set by a link (a member, a notice), shown as a button that removes it. */
function LinkedFilter({ text, onClear }: { text: string; onClear: () => void }) {
  const { t } = useTranslation('deliveries');
  return (
    <Button
      icon={<CloseOutlined aria-hidden />}
      iconPlacement="end"
      onClick={onClear}
      aria-label={t('clearFilter', { filter: text })}
    >
      {text}
    </Button>
  );
}

/**
 * The delivery log: every e-mail, text and push to members, newest first, of all members, one member
 * (`?user_id=`, from the member's page) or one notice (`?notice_id=`, from an announcement), filtered
 * by channel and state; a failed or sent one is sent again after a confirmation.
 */
export function DeliveriesPage() {
  const { t } = useTranslation('deliveries');
  const { message, modal } = App.useApp();
  const format = useFormat();
  const confirm = useConfirmDanger();
  const canOpenMember = usePermission('members.manage');
  const table = useTableState(FILTERS);
  const { filters } = table.view;
  const list = useQuery({
    ...callQuery(adminDeliveryCalls.getList, listInputOf(adminDeliveryCalls.getList, table.query)),
    placeholderData: keepPreviousData,
  });
  const resend = useCallMutation((id: string) => call(adminDeliveryCalls.resend, { _id: id }, { silent: true }), {
    invalidates: [[adminDeliveryCalls.getList.url]],
    // Answered once tried again at once: sent, failed again (with why), or waiting for its next try.
    onSuccess: ({ delivery }) => {
      if (delivery.state === 'sent') void message.success(t('resentSent'));
      else if (delivery.state === 'failed')
        modal.warning({ title: t('resendFailedAgain'), content: delivery.last_error });
      else void message.info(t('resent'));
    },
    onError: (error) => modal.error({ title: t('resendFailed'), content: error.message }),
  });

  const askResend = (d: DeliveryRecord) => {
    const channel = t(`channels.${d.channel}`);
    void confirm({
      title: t('resendTitle', { type: typeName(t, d.type), name: memberLabel(t, d) }),
      content: [t('resendBody', { channel, target: d.target }), d.channel === 'sms' ? t('resendSmsCost') : '']
        .filter(Boolean)
        .join(' '),
      okText: t('resend'),
      onOk: () => resend.mutateAsync(d._id),
    });
  };

  // The rows of a member's (or a notice's) log all name it: the first one gives the filter its name.
  const first = list.data?.rows[0];
  const memberName =
    (filters.user_id && first?.user_id === filters.user_id && memberLabel(t, first)) || t('thisMember');
  const noticeName =
    (filters.notice_id && first?.notice_id === filters.notice_id && typeName(t, first.type)) || t('thisNotice');

  const columns = deliveryColumns({
    t,
    format,
    canOpenMember,
    onlyMember: filters.user_id ? null : (d) => table.setFilters({ user_id: d.user_id }),
    onlyNotice: filters.notice_id ? null : (d) => table.setFilters({ notice_id: d.notice_id }),
    onResend: askResend,
  });

  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <FilterBar>
        <FilterSelect<string>
          label={t('channel')}
          allLabel={t('allChannels')}
          value={filters.channel}
          onChange={(channel) => table.setFilters({ channel })}
          options={DELIVERY_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
        />
        <FilterSelect<string>
          label={t('state')}
          allLabel={t('allStates')}
          value={filters.state}
          onChange={(state) => table.setFilters({ state })}
          options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        {filters.user_id && (
          <LinkedFilter
            text={t('memberFilter', { name: memberName })}
            onClear={() => table.setFilters({ user_id: undefined })}
          />
        )}
        {filters.notice_id && (
          <LinkedFilter
            text={t('noticeFilter', { name: noticeName })}
            onClear={() => table.setFilters({ notice_id: undefined })}
          />
        )}
      </FilterBar>
      <ServerTable<DeliveryRecord> caption={t('title')} state={table} query={list} columns={columns} />
    </Page>
  );
}

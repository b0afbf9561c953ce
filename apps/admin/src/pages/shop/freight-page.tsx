import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { adminFreightCalls, type FreightRuleRecord, freightOf } from '@studio/contract/freight';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { requiredRule, showSaveError } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';

interface RuleFields {
  name: string;
  first_weight: number;
  /** Pounds as typed; sent in pence. */
  first_weight_price: number;
  continuous_weight: number;
  continuous_weight_price: number;
  max_weight: number;
}

/** Freight rules: what a parcel costs by weight (first weight, then each further step, up to a maximum). */
export function FreightPage() {
  const { t } = useTranslation('shop');
  const { message } = App.useApp();
  const format = useFormat();
  const table = useTableState(['keyword'] as const);
  const list = useQuery({
    ...callQuery(adminFreightCalls.getList, listInputOf(adminFreightCalls.getList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<FreightRuleRecord | 'new' | null>(null);
  const [form] = Form.useForm<RuleFields>();
  const save = useCallMutation(
    (f: RuleFields) =>
      call(
        adminFreightCalls.save,
        {
          ...(editing && editing !== 'new' ? { _id: editing._id } : {}),
          name: f.name,
          first_weight: f.first_weight,
          first_weight_price: toMinorUnits(f.first_weight_price),
          continuous_weight: f.continuous_weight,
          continuous_weight_price: toMinorUnits(f.continuous_weight_price),
          max_weight: f.max_weight,
        },
        { silent: true },
      ),
    {
      invalidates: [[adminFreightCalls.getList.url]],
      onSuccess: () => {
        void message.success(t('common:saved'));
        setEditing(null);
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  const kg = (g: number) => t('freight.kg', { kg: (g / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 }) });
  const columns: ServerColumn<FreightRuleRecord>[] = [
    { key: 'name', title: t('freight.name'), dataIndex: 'name', sorter: true },
    {
      key: 'first',
      title: t('freight.first'),
      render: (_, r) =>
        t('freight.firstText', { weight: kg(r.first_weight), price: format.money(r.first_weight_price) }),
    },
    {
      key: 'continuous',
      title: t('freight.continuous'),
      render: (_, r) =>
        t('freight.continuousText', {
          weight: kg(r.continuous_weight),
          price: format.money(r.continuous_weight_price),
        }),
    },
    { key: 'max', title: t('freight.max'), render: (_, r) => kg(r.max_weight) },
    {
      key: 'example',
      title: t('freight.example'),
      render: (_, r) => {
        const amount = freightOf(r, 2500);
        return amount === null ? t('freight.tooHeavy') : format.money(amount);
      },
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_, r) => (
        <Button type="link" onClick={() => setEditing(r)} aria-label={`${t('common:actions.edit')} ${r.name}`}>
          {t('common:actions.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Page
      title={t('freight.title')}
      subtitle={t('freight.subtitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('freight.new')}
        </Button>
      }
    >
      <FilterBar>
        <SearchBox
          value={table.view.filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={t('freight.search')}
        />
      </FilterBar>
      <ServerTable<FreightRuleRecord> caption={t('freight.title')} state={table} query={list} columns={columns} />
      <FormDrawer<RuleFields>
        title={editing === 'new' ? t('freight.new') : t('freight.edit')}
        open={editing !== null}
        onClose={() => setEditing(null)}
        form={form}
        saving={save.isPending}
        onSubmit={(f) => save.mutate(f)}
        initialValues={
          editing && editing !== 'new'
            ? {
                name: editing.name,
                first_weight: editing.first_weight,
                first_weight_price: toMajorUnits(editing.first_weight_price),
                continuous_weight: editing.continuous_weight,
                continuous_weight_price: toMajorUnits(editing.continuous_weight_price),
                max_weight: editing.max_weight,
              }
            : {
                first_weight: 1000,
                first_weight_price: 4,
                continuous_weight: 500,
                continuous_weight_price: 1.5,
                max_weight: 20000,
              }
        }
      >
        <Form.Item name="name" label={t('freight.name')} rules={[requiredRule(), { max: 40 }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="first_weight" label={t('freight.firstWeight')} rules={[requiredRule()]}>
          <InputNumber min={1} max={1_000_000} precision={0} addonAfter="g" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="first_weight_price" label={t('freight.firstPrice')} rules={[requiredRule()]}>
          <MoneyInput min={0} max={100_000} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="continuous_weight" label={t('freight.continuousWeight')} rules={[requiredRule()]}>
          <InputNumber min={1} max={1_000_000} precision={0} addonAfter="g" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="continuous_weight_price" label={t('freight.continuousPrice')} rules={[requiredRule()]}>
          <MoneyInput min={0} max={100_000} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="max_weight"
          label={t('freight.maxWeight')}
          extra={t('freight.maxHelp')}
          rules={[requiredRule()]}
        >
          <InputNumber min={1} max={1_000_000} precision={0} addonAfter="g" style={{ width: 200 }} />
        </Form.Item>
      </FormDrawer>
    </Page>
  );
}

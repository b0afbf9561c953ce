import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { adminFreightCalls, type FreightRuleRecord, freightOf } from '@studio/contract/freight';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/client';
import { ListEditPage } from '@/shared/crud/list-edit-page';
import { useFormat } from '@/shared/format/format';
import { requiredRule } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';
import type { ServerColumn } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';

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
  const format = useFormat();
  const table = useTableState(['keyword'] as const);
  const list = useQuery({
    ...callQuery(adminFreightCalls.getList, listInputOf(adminFreightCalls.getList, table.query)),
    placeholderData: keepPreviousData,
  });
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
  ];
  return (
    <ListEditPage<FreightRuleRecord, RuleFields, typeof adminFreightCalls.save>
      title={t('freight.title')}
      subtitle={t('freight.subtitle')}
      newLabel={t('freight.new')}
      editLabel={t('freight.edit')}
      nameOf={(r) => r.name}
      table={table}
      list={list}
      columns={columns}
      searchPlaceholder={t('freight.search')}
      save={{
        def: adminFreightCalls.save,
        input: (f, rule) => ({
          ...(rule ? { _id: rule._id } : {}),
          name: f.name,
          first_weight: f.first_weight,
          first_weight_price: toMinorUnits(f.first_weight_price),
          continuous_weight: f.continuous_weight,
          continuous_weight_price: toMinorUnits(f.continuous_weight_price),
          max_weight: f.max_weight,
        }),
        invalidates: [[adminFreightCalls.getList.url]],
      }}
      initialValues={(rule) =>
        rule
          ? {
              name: rule.name,
              first_weight: rule.first_weight,
              first_weight_price: toMajorUnits(rule.first_weight_price),
              continuous_weight: rule.continuous_weight,
              continuous_weight_price: toMajorUnits(rule.continuous_weight_price),
              max_weight: rule.max_weight,
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
      {() => (
        <>
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
        </>
      )}
    </ListEditPage>
  );
}

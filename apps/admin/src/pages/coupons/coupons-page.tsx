import {
  type AdminCouponRecord,
  adminCouponCalls,
  COUPON_TIME_FIXED,
  type CouponSaveInput,
  discountLabel,
} from '@studio/contract/coupons';
import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import type { LocalizedText } from '@studio/contract/localized-text';
import { adminShopCalls } from '@studio/contract/shop';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, InputNumber, Radio, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/client';
import { ListEditPage } from '@/shared/crud/list-edit-page';
import { useFormat } from '@/shared/format/format';
import { requiredRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue } from '@/shared/forms/localized-fields';
import { MoneyInput } from '@/shared/forms/money-input';
import { ClampedText } from '@/shared/table/cells';
import type { ServerColumn } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { CodesDialog } from './codes-dialog';

interface CouponFields {
  name: LocalizedText;
  type: 1 | 2;
  /** Pounds as typed. */
  min_amount: number;
  discount_amount?: number;
  discount_proportion?: number;
  time_type: 0 | 1;
  range?: [Dayjs, Dayjs];
  start_days?: number;
  end_days?: number;
  goods_ids: string[];
  total: number;
  per_member_limit: number;
  in_center: boolean;
  enabled: boolean;
}

/** Coupons: the studio's coupons with how many were claimed and used; create, edit, and make exchange codes. */
export function CouponsPage() {
  const { t, i18n } = useTranslation('coupons');
  const format = useFormat();
  const locale = resolveLocale(i18n.language);
  const table = useTableState(['keyword'] as const);
  const list = useQuery({
    ...callQuery(adminCouponCalls.getList, listInputOf(adminCouponCalls.getList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState(false);
  const [codesFor, setCodesFor] = useState<AdminCouponRecord | null>(null);
  const goods = useQuery({
    ...callQuery(adminShopCalls.getGoodsList, { pageIndex: 1, pageSize: 100, order: 'asc' }),
    enabled: editing,
  });

  const value = (c: AdminCouponRecord) =>
    c.type === 1
      ? t('offText', { amount: format.money(c.coupon_rule.discount_amount) })
      : discountLabel(c.discount_proportion, locale);
  const columns: ServerColumn<AdminCouponRecord>[] = [
    {
      key: 'name',
      title: t('name'),
      sorter: true,
      render: (_, c) => (
        <Space direction="vertical" size={2}>
          <ClampedText text={c.name} minWidth={160} />
          <Space size={4}>
            <Tag color={c.enabled ? 'green' : 'default'}>{c.enabled ? t('on') : t('off')}</Tag>
            {c.in_center && <Tag color="blue">{t('inCenter')}</Tag>}
          </Space>
        </Space>
      ),
    },
    {
      key: 'rule',
      title: t('rule'),
      width: 190,
      render: (_, c) => (
        <span>
          <strong>{value(c)}</strong>{' '}
          {c.coupon_rule.min_amount > 0 ? t('minText', { amount: format.money(c.coupon_rule.min_amount) }) : t('noMin')}
          {c.goods_ids.length > 0 && (
            <Tag style={{ marginInlineStart: 8 }}>{t('goodsCount', { count: c.goods_ids.length })}</Tag>
          )}
        </span>
      ),
    },
    {
      key: 'validity',
      title: t('validity'),
      width: 160,
      render: (_, c) => {
        const r = c.effective_time_rule;
        return r.type === COUPON_TIME_FIXED && r.start_fixed_time && r.end_fixed_time
          ? `${format.date(r.start_fixed_time)} – ${format.date(r.end_fixed_time)}`
          : t('daysText', { start: r.start_dynamic_time ?? 0, end: r.end_dynamic_time ?? 0 });
      },
    },
    {
      key: 'claimed',
      title: t('claimedUsed'),
      sorter: true,
      align: 'right',
      render: (_, c) => <span className="figures">{`${c.claimed} / ${c.total} · ${c.used}`}</span>,
    },
    {
      key: 'codes',
      title: t('codes'),
      align: 'right',
      render: (_, c) => <span className="figures">{c.codes ? `${c.codes_redeemed} / ${c.codes}` : '—'}</span>,
    },
  ];

  const initial = (editing: AdminCouponRecord | null): Partial<CouponFields> =>
    editing
      ? {
          name: editing.name_i18n,
          type: editing.type,
          min_amount: toMajorUnits(editing.coupon_rule.min_amount),
          discount_amount: toMajorUnits(editing.coupon_rule.discount_amount),
          discount_proportion: editing.discount_proportion,
          time_type: editing.effective_time_rule.type === COUPON_TIME_FIXED ? 0 : 1,
          range:
            editing.effective_time_rule.start_fixed_time && editing.effective_time_rule.end_fixed_time
              ? [dayjs(editing.effective_time_rule.start_fixed_time), dayjs(editing.effective_time_rule.end_fixed_time)]
              : undefined,
          start_days: editing.effective_time_rule.start_dynamic_time ?? 0,
          end_days: editing.effective_time_rule.end_dynamic_time ?? 30,
          goods_ids: editing.goods_ids,
          total: editing.total,
          per_member_limit: editing.per_member_limit,
          in_center: editing.in_center,
          enabled: editing.enabled,
        }
      : {
          type: 1,
          min_amount: 30,
          discount_amount: 5,
          discount_proportion: 9,
          time_type: 1,
          start_days: 0,
          end_days: 30,
          goods_ids: [],
          total: 100,
          per_member_limit: 1,
          in_center: true,
          enabled: true,
        };

  return (
    <>
      <ListEditPage<AdminCouponRecord, CouponFields, typeof adminCouponCalls.save>
        title={t('title')}
        subtitle={t('subtitle')}
        newLabel={t('new')}
        editLabel={t('edit')}
        nameOf={(c) => c.name}
        table={table}
        list={list}
        columns={columns}
        searchPlaceholder={t('search')}
        rowActions={(c) => (
          <Button type="link" size="small" onClick={() => setCodesFor(c)} aria-label={`${t('makeCodes')} ${c.name}`}>
            {t('makeCodes')}
          </Button>
        )}
        onEditingChange={(next) => setEditing(next !== null)}
        save={{
          def: adminCouponCalls.save,
          input: couponInput,
          invalidates: [[adminCouponCalls.getList.url]],
          fieldOf: couponFieldOf,
        }}
        initialValues={initial}
        drawerWidth={640}
      >
        {(editing) => (
          <>
            <LocalizedFields name="name" label={t('name')} required maxLength={40} />
            <Form.Item name="type" label={t('type')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('types.1') },
                  { value: 2, label: t('types.2') },
                ]}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={['type']}>
              {({ getFieldValue }) => (
                <Flex gap={16} wrap>
                  <Form.Item name="min_amount" label={t('minAmount')} extra={t('minAmountHelp')}>
                    <MoneyInput min={0} max={1_000_000} style={{ width: 180 }} />
                  </Form.Item>
                  {getFieldValue('type') === 1 ? (
                    <Form.Item name="discount_amount" label={t('discountAmount')} rules={[requiredRule()]}>
                      <MoneyInput min={0.01} max={1_000_000} style={{ width: 180 }} />
                    </Form.Item>
                  ) : (
                    <Form.Item
                      name="discount_proportion"
                      label={t('proportion')}
                      extra={t('proportionHelp')}
                      rules={[requiredRule()]}
                    >
                      <InputNumber step={0.5} precision={1} style={{ width: 180 }} addonAfter="/ 10" />
                    </Form.Item>
                  )}
                </Flex>
              )}
            </Form.Item>
            <Form.Item name="time_type" label={t('validity')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('afterClaim') },
                  { value: 0, label: t('fixedRange') },
                ]}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={['time_type']}>
              {({ getFieldValue }) =>
                getFieldValue('time_type') === 0 ? (
                  <Form.Item name="range" label={t('range')} rules={[requiredRule()]}>
                    <DatePicker.RangePicker />
                  </Form.Item>
                ) : (
                  <Flex gap={16} wrap>
                    <Form.Item name="start_days" label={t('startDays')}>
                      <InputNumber min={0} max={3650} precision={0} style={{ width: 160 }} addonAfter={t('days')} />
                    </Form.Item>
                    <Form.Item name="end_days" label={t('endDays')} rules={[requiredRule()]}>
                      <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} addonAfter={t('days')} />
                    </Form.Item>
                  </Flex>
                )
              }
            </Form.Item>
            <Form.Item name="goods_ids" label={t('goods')} extra={t('goodsHelp')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('allGoods')}
                optionFilterProp="label"
                options={(goods.data?.rows ?? []).map((g) => ({ value: g._id, label: g.name }))}
              />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item
                name="total"
                label={t('total')}
                extra={editing !== 'new' ? t('totalHelp', { claimed: editing.claimed }) : undefined}
                rules={[requiredRule()]}
              >
                <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="per_member_limit" label={t('perMember')} rules={[requiredRule()]}>
                <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} />
              </Form.Item>
            </Flex>
            <Flex gap={24}>
              <Form.Item name="in_center" label={t('inCenter')} valuePropName="checked" extra={t('inCenterHelp')}>
                <Switch />
              </Form.Item>
              <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" extra={t('enabledHelp')}>
                <Switch />
              </Form.Item>
            </Flex>
          </>
        )}
      </ListEditPage>
      {codesFor && <CodesDialog coupon={codesFor} onClose={() => setCodesFor(null)} />}
    </>
  );
}

/** The save call's input from the form (pounds as typed become minor units; the validity as its rule). */
function couponInput(f: CouponFields, coupon: AdminCouponRecord | null): CouponSaveInput {
  return {
    ...(coupon ? { _id: coupon._id } : {}),
    name: localizedValue(f.name),
    type: f.type,
    coupon_rule: {
      min_amount: toMinorUnits(f.min_amount ?? 0),
      discount_amount: f.type === 1 ? toMinorUnits(f.discount_amount ?? 0) : 0,
    },
    ...(f.type === 2 ? { discount_proportion: f.discount_proportion } : {}),
    effective_time_rule:
      f.time_type === COUPON_TIME_FIXED
        ? {
            type: 0,
            start_fixed_time: f.range?.[0]?.startOf('day').toISOString(),
            end_fixed_time: f.range?.[1]?.endOf('day').toISOString(),
          }
        : { type: 1, start_dynamic_time: f.start_days ?? 0, end_dynamic_time: f.end_days },
    goods_ids: f.goods_ids ?? [],
    total: f.total,
    per_member_limit: f.per_member_limit,
    in_center: f.in_center,
    enabled: f.enabled,
  };
}

/** Where the form shows an issue of the input: the rule's amounts and the validity's fields are the form's own. */
export function couponFieldOf(path: PropertyKey[]): (string | number)[] | null {
  const [head, field] = path;
  if (head === 'coupon_rule' && typeof field === 'string') return [field];
  if (head === 'effective_time_rule') {
    if (field === 'start_dynamic_time') return ['start_days'];
    if (field === 'end_dynamic_time') return ['end_days'];
    return ['range'];
  }
  return path.filter((p): p is string | number => typeof p !== 'symbol');
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { adminFreightCalls } from '@studio/contract/freight';
import { LOCALE_NAMES, LOCALES } from '@studio/contract/locale';
import type { LocalizedText } from '@studio/contract/localized-text';
import { adminScheduleCalls } from '@studio/contract/schedule';
import {
  type AdminGoodsRecord,
  adminShopCalls,
  type GoodsSaveInput,
  MAX_GOODS_IMAGES,
  MAX_SKUS,
} from '@studio/contract/shop';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { applyServerErrors, requiredRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue } from '@/shared/forms/localized-fields';
import { MoneyInput } from '@/shared/forms/money-input';
import { RichTextEditor } from '@/shared/forms/rich-text';
import { usePermission } from '@/shared/session/permissions';
import { ImageList } from '@/shared/ui/image-list';
import { ImageUpload } from '@/shared/ui/image-upload';
import { Page, QueryState } from '@/shared/ui/page';
import { categoryOptions, useCategoryTree } from './shop-options';
import { StockDialog, type StockTarget } from './stock-dialog';

interface SkuFields {
  _id?: string;
  sku_name: LocalizedText;
  /** Major units (pounds) as typed; sent in minor units. */
  price?: number;
  original_price?: number | null;
  stock?: number;
  weight?: number | null;
  class_count?: number | null;
  image?: string | null;
}

interface GoodsFields {
  name: LocalizedText;
  type: 0 | 1;
  category_id?: string | null;
  cart_rule: boolean;
  is_on_sale: boolean;
  images: string[];
  description: LocalizedText;
  exp_time_mode: 0 | 1 | 2;
  delay_days?: number;
  valid_days?: number;
  valid_range?: [Dayjs, Dayjs];
  course_ids: string[];
  freight_id?: string | null;
  sku_list: SkuFields[];
}

const toMinor = (major: number | null | undefined) => (major == null ? null : toMinorUnits(major));
const toMajor = (minor: number | null | undefined) => (minor == null ? null : toMajorUnits(minor));

function fieldsOf(goods: AdminGoodsRecord): GoodsFields {
  return {
    name: goods.name_i18n,
    type: goods.type,
    category_id: goods.category_id,
    cart_rule: goods.cart_rule === 1,
    is_on_sale: goods.is_on_sale,
    images: goods.images,
    description: goods.description_i18n,
    exp_time_mode: goods.exp_time_mode,
    delay_days: goods.exp_time_rule?.[0] ?? 0,
    valid_days: goods.exp_time_rule?.[1],
    valid_range: goods.exp_time_range ? [dayjs(goods.exp_time_range[0]), dayjs(goods.exp_time_range[1])] : undefined,
    course_ids: goods.course_ids,
    freight_id: goods.freight_id,
    sku_list: goods.sku_list.map((s) => ({
      _id: s._id,
      sku_name: s.sku_name_i18n,
      price: toMajor(s.price) ?? undefined,
      original_price: toMajor(s.original_price),
      stock: s.stock,
      weight: s.weight,
      class_count: s.class_count,
      image: s.image,
    })),
  };
}

const NEW_GOODS: Partial<GoodsFields> = {
  type: 0,
  cart_rule: false,
  is_on_sale: false,
  images: [],
  description: {},
  exp_time_mode: 2,
  delay_days: 0,
  valid_days: 90,
  course_ids: [],
  sku_list: [{ sku_name: {}, stock: 0 }],
};

function inputOf(fields: GoodsFields, id: string | undefined, canSetFreight: boolean): GoodsSaveInput {
  const isPackage = fields.type === 1;
  return {
    // Staff who cannot see the freight rules leave the goods' rule as it is.
    ...(canSetFreight && !isPackage ? { freight_id: fields.freight_id ?? null } : {}),
    ...(id ? { _id: id } : {}),
    name: localizedValue(fields.name),
    type: fields.type,
    category_id: fields.category_id ?? null,
    cart_rule: fields.cart_rule ? 1 : 0,
    is_on_sale: fields.is_on_sale,
    images: fields.images ?? [],
    description: localizedValue(fields.description ?? {}),
    exp_time_mode: isPackage ? fields.exp_time_mode : 0,
    exp_time_rule: isPackage && fields.exp_time_mode === 2 ? [fields.delay_days ?? 0, fields.valid_days ?? 0] : null,
    exp_time_range:
      isPackage && fields.exp_time_mode === 1 && fields.valid_range
        ? [fields.valid_range[0].startOf('day').toISOString(), fields.valid_range[1].endOf('day').toISOString()]
        : null,
    course_ids: isPackage ? (fields.course_ids ?? []) : [],
    sku_list: (fields.sku_list ?? []).map((s) => ({
      ...(s._id ? { _id: s._id } : { stock: s.stock ?? 0 }),
      sku_name: localizedValue(s.sku_name),
      price: toMinor(s.price) ?? 0,
      original_price: toMinor(s.original_price),
      weight: isPackage ? null : (s.weight ?? null),
      class_count: isPackage ? (s.class_count ?? null) : null,
      image: s.image ?? null,
    })),
  };
}

/** The goods editor (a full page, UI.md): texts, pictures, SKUs as a table, and a package's validity and courses. */
export function GoodsEditorPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const goods = useQuery({ ...callQuery(adminShopCalls.getGoods, { _id: id }), enabled: !isNew });
  if (isNew) return <GoodsForm key="new" />;
  return <QueryState query={goods}>{(data) => <GoodsForm key={data.goods._id} goods={data.goods} />}</QueryState>;
}

function GoodsForm({ goods }: { goods?: AdminGoodsRecord }) {
  const { t } = useTranslation('shop');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<GoodsFields>();
  const type = Form.useWatch('type', form) ?? goods?.type ?? 0;
  const mode = Form.useWatch('exp_time_mode', form);
  const tree = useCategoryTree();
  const courses = useQuery({
    ...callQuery(adminScheduleCalls.getCourseList, { pageIndex: 1, pageSize: 100, status: 'active', order: 'asc' }),
    enabled: type === 1,
  });
  const [stockTarget, setStockTarget] = useState<StockTarget | null>(null);
  const canSetFreight = usePermission('orders.manage');
  const freightRules = useQuery({
    ...callQuery(adminFreightCalls.getList, { pageIndex: 1, pageSize: 100, order: 'asc' }),
    enabled: canSetFreight && type === 0,
  });

  const save = useCallMutation(
    (fields: GoodsFields) =>
      call(adminShopCalls.saveGoods, inputOf(fields, goods?._id, canSetFreight), { silent: true }),
    {
      invalidates: [[adminShopCalls.getGoodsList.url], [adminShopCalls.getGoods.url], ['client/pub.getGoodsList']],
      onSuccess: ({ goods: saved }) => {
        void message.success(t('common:saved'));
        if (!goods) navigate(`/shop/goods/${saved._id}`, { replace: true });
        else form.setFieldsValue(fieldsOf(saved));
      },
      onError: (error) => {
        const shown = applyServerErrors(form, error, (field) => {
          const [head, index, rest] = field.split('.');
          if (head === 'sku_list' && index !== undefined) return ['sku_list', Number(index), rest ?? 'sku_name'];
          if (head === 'exp_time_rule') return 'valid_days';
          if (head === 'exp_time_range') return 'valid_range';
          return head ?? null;
        });
        if (!shown) modal.error({ content: (error as Error).message });
      },
    },
  );

  return (
    <Page
      title={goods ? goods.name : t('goods.new')}
      subtitle={goods ? t('editor.subtitle', { views: goods.view_count }) : undefined}
      extra={
        <>
          <Button onClick={() => navigate('/shop/goods')}>{t('editor.back')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <Form<GoodsFields>
        form={form}
        layout="vertical"
        initialValues={goods ? fieldsOf(goods) : NEW_GOODS}
        onFinish={(fields) => save.mutate(fields)}
        scrollToFirstError
        className="goods-editor"
      >
        <Card title={t('editor.basics')}>
          <LocalizedFields name="name" label={t('goods.name')} required maxLength={80} />
          <Flex gap={24} wrap>
            <Form.Item name="type" label={t('goods.type')} extra={goods ? t('editor.typeFixed') : undefined}>
              <Radio.Group
                disabled={Boolean(goods)}
                options={[
                  { value: 0, label: t('goods.types.0') },
                  { value: 1, label: t('goods.types.1') },
                ]}
                optionType="button"
              />
            </Form.Item>
            <Form.Item name="category_id" label={t('goods.category')}>
              <TreeSelect
                allowClear
                placeholder={t('editor.noCategory')}
                treeData={categoryOptions(tree.data?.rows ?? [])}
                treeDefaultExpandAll
                style={{ width: 280 }}
              />
            </Form.Item>
            <Form.Item name="is_on_sale" label={t('goods.onSale')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="cart_rule" label={t('editor.alone')} valuePropName="checked" extra={t('editor.aloneHelp')}>
              <Switch />
            </Form.Item>
          </Flex>
        </Card>

        {type === 0 && canSetFreight && (
          <Card title={t('freight.goodsFreight')}>
            <Form.Item name="freight_id" extra={t('freight.goodsFreightHelp')}>
              <Select
                allowClear
                aria-label={t('freight.goodsFreight')}
                placeholder={t('freight.noFreight')}
                options={(freightRules.data?.rows ?? []).map((r) => ({ value: r._id, label: r.name }))}
                style={{ width: 320 }}
              />
            </Form.Item>
          </Card>
        )}

        <Card title={t('editor.pictures')}>
          <Form.Item name="images" extra={t('editor.picturesHelp', { max: MAX_GOODS_IMAGES })}>
            <ImageList label={t('editor.pictures')} max={MAX_GOODS_IMAGES} />
          </Form.Item>
        </Card>

        <Card
          title={t('editor.skus')}
          extra={<Typography.Text type="secondary">{t('editor.skusHelp')}</Typography.Text>}
        >
          <SkuTable type={type} onAdjust={setStockTarget} />
        </Card>

        {type === 1 && (
          <Card title={t('editor.package')}>
            <Form.Item name="exp_time_mode" label={t('editor.validity')}>
              <Radio.Group
                options={[
                  { value: 2, label: t('editor.validityModes.2') },
                  { value: 1, label: t('editor.validityModes.1') },
                  { value: 0, label: t('editor.validityModes.0') },
                ]}
              />
            </Form.Item>
            {mode === 2 && (
              <Space size="large" wrap>
                <Form.Item name="valid_days" label={t('editor.validDays')} rules={[requiredRule()]}>
                  <InputNumber min={1} max={3650} precision={0} addonAfter={t('editor.days')} />
                </Form.Item>
                <Form.Item name="delay_days" label={t('editor.delayDays')} extra={t('editor.delayHelp')}>
                  <InputNumber min={0} max={3650} precision={0} addonAfter={t('editor.days')} />
                </Form.Item>
              </Space>
            )}
            {mode === 1 && (
              <Form.Item name="valid_range" label={t('editor.validRange')} rules={[requiredRule()]}>
                <DatePicker.RangePicker />
              </Form.Item>
            )}
            <Form.Item name="course_ids" label={t('editor.courses')} extra={t('editor.coursesHelp')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('editor.allCourses')}
                options={(courses.data?.rows ?? []).map((c) => ({ value: c._id, label: c.name }))}
                style={{ maxWidth: 560 }}
              />
            </Form.Item>
          </Card>
        )}

        <Card title={t('editor.description')}>
          <Tabs
            items={LOCALES.map((locale) => ({
              key: locale,
              label: LOCALE_NAMES[locale],
              forceRender: true,
              children: (
                <Form.Item name={['description', locale]} noStyle>
                  <RichTextEditor label={`${t('editor.description')} (${LOCALE_NAMES[locale]})`} />
                </Form.Item>
              ),
            }))}
          />
        </Card>
      </Form>
      <StockDialog
        target={stockTarget}
        onClose={() => setStockTarget(null)}
        onAdjusted={(skuId, stock) => {
          const rows = (form.getFieldValue('sku_list') as SkuFields[] | undefined) ?? [];
          const index = rows.findIndex((r) => r._id === skuId);
          if (index >= 0) form.setFieldValue(['sku_list', index, 'stock'], stock);
        }}
      />
    </Page>
  );
}

/** The SKUs as a table: a row per spec combination, built from option lists or added by hand. */
function SkuTable({ type, onAdjust }: { type: 0 | 1; onAdjust: (target: StockTarget) => void }) {
  const { t } = useTranslation('shop');
  const form = Form.useFormInstance<GoodsFields>();
  return (
    <>
      {type === 0 && <CombinationBuilder />}
      <Form.List name="sku_list">
        {(rows, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={rows}
              aria-label={t('editor.skus')}
              columns={[
                ...LOCALES.map((locale, li) => ({
                  key: locale,
                  title: `${t('editor.skuName')} · ${LOCALE_NAMES[locale]}`,
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item
                      name={[row.name, 'sku_name', locale]}
                      rules={li === 0 ? [requiredRule(), { max: 60 }] : [{ max: 60 }]}
                      noStyle={false}
                      className="sku-cell"
                    >
                      <Input
                        maxLength={60}
                        aria-label={`${t('editor.skuName')} ${row.name + 1} · ${LOCALE_NAMES[locale]}`}
                      />
                    </Form.Item>
                  ),
                })),
                {
                  key: 'price',
                  title: t('goods.price'),
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item name={[row.name, 'price']} rules={[requiredRule()]} className="sku-cell">
                      <MoneyInput
                        min={0}
                        max={1_000_000}
                        aria-label={`${t('goods.price')} ${row.name + 1}`}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'original',
                  title: t('editor.original'),
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item name={[row.name, 'original_price']} className="sku-cell">
                      <MoneyInput
                        min={0}
                        max={1_000_000}
                        aria-label={`${t('editor.original')} ${row.name + 1}`}
                        style={{ width: 120 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'stock',
                  title: t('goods.stock'),
                  render: (_: unknown, row: { name: number }) => (
                    // Re-rendered when the form changes: an adjustment updates the stock shown.
                    <Form.Item noStyle shouldUpdate>
                      {() => <StockCell row={row.name} onAdjust={onAdjust} />}
                    </Form.Item>
                  ),
                },
                type === 1
                  ? {
                      key: 'class_count',
                      title: t('editor.classCount'),
                      render: (_: unknown, row: { name: number }) => (
                        <Form.Item name={[row.name, 'class_count']} rules={[requiredRule()]} className="sku-cell">
                          <InputNumber
                            min={1}
                            max={1000}
                            precision={0}
                            aria-label={`${t('editor.classCount')} ${row.name + 1}`}
                            style={{ width: 100 }}
                          />
                        </Form.Item>
                      ),
                    }
                  : {
                      key: 'weight',
                      title: t('editor.weight'),
                      render: (_: unknown, row: { name: number }) => (
                        <Form.Item name={[row.name, 'weight']} className="sku-cell">
                          <InputNumber
                            min={0}
                            max={1_000_000}
                            precision={0}
                            addonAfter="g"
                            aria-label={`${t('editor.weight')} ${row.name + 1}`}
                            style={{ width: 130 }}
                          />
                        </Form.Item>
                      ),
                    },
                {
                  key: 'image',
                  title: t('editor.skuPicture'),
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item name={[row.name, 'image']} className="sku-cell">
                      <ImageUpload label={`${t('editor.skuPicture')} ${row.name + 1}`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'remove',
                  title: '',
                  render: (_: unknown, row: { name: number }) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={rows.length <= 1}
                      onClick={() => remove(row.name)}
                      aria-label={t('editor.removeSku', { n: row.name + 1 })}
                    />
                  ),
                },
              ]}
            />
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ sku_name: {}, stock: 0 })}
              disabled={rows.length >= MAX_SKUS}
              style={{ marginTop: 12 }}
            >
              {t('editor.addSku')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

/** An existing SKU's stock with its Adjust button (stock moves only through adjustments), or a new SKU's stock input. */
function StockCell({ row, onAdjust }: { row: number; onAdjust: (target: StockTarget) => void }) {
  const { t } = useTranslation('shop');
  const form = Form.useFormInstance<GoodsFields>();
  const sku = form.getFieldValue(['sku_list', row]) as SkuFields | undefined;
  if (sku?._id) {
    const id = sku._id;
    return (
      <Flex gap={8} align="center">
        <span className="figures">{sku.stock}</span>
        <Button
          size="small"
          onClick={() =>
            onAdjust({
              skuId: id,
              name: sku.sku_name.en ?? Object.values(sku.sku_name)[0] ?? '',
              stock: sku.stock ?? 0,
            })
          }
        >
          {t('stock.adjust')}
        </Button>
      </Flex>
    );
  }
  return (
    <Form.Item name={[row, 'stock']} rules={[requiredRule()]} className="sku-cell">
      <InputNumber
        min={0}
        max={1_000_000}
        precision={0}
        aria-label={`${t('goods.stock')} ${row + 1}`}
        style={{ width: 100 }}
      />
    </Form.Item>
  );
}

/** Option lists (colour: Sand, Moss; size: S, M) made into one SKU row per combination ("Sand / S"). */
function CombinationBuilder() {
  const { t } = useTranslation('shop');
  const form = Form.useFormInstance<GoodsFields>();
  const [groups, setGroups] = useState<string[][]>([[], []]);
  const combinations = groups
    .filter((g) => g.length > 0)
    .reduce<string[][]>((acc, values) => acc.flatMap((prefix) => values.map((v) => [...prefix, v])), [[]])
    .filter((c) => c.length > 0);
  const build = () => {
    const existing = (form.getFieldValue('sku_list') as SkuFields[] | undefined) ?? [];
    const byName = new Map(existing.map((s) => [s.sku_name.en ?? '', s]));
    const price = existing[0]?.price;
    form.setFieldValue(
      'sku_list',
      combinations.map((c) => {
        const name = c.join(' / ');
        return byName.get(name) ?? { sku_name: { en: name }, price, stock: 0, weight: existing[0]?.weight ?? null };
      }),
    );
  };
  return (
    <Flex gap={12} align="end" wrap className="combination-builder">
      {groups.map((values, i) => (
        <Select
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed pair of option lists
          key={i}
          mode="tags"
          value={values}
          onChange={(v: string[]) => setGroups(groups.map((g, j) => (j === i ? v : g)))}
          placeholder={t(`editor.optionPlaceholder.${i}`)}
          aria-label={t('editor.optionList', { n: i + 1 })}
          style={{ minWidth: 260 }}
          open={false}
          suffixIcon={null}
        />
      ))}
      <Button onClick={build} disabled={combinations.length === 0 || combinations.length > MAX_SKUS}>
        {t('editor.buildCombinations', { count: combinations.length })}
      </Button>
    </Flex>
  );
}

import { useCallMutation } from '@studio/client/mutation';
import { adminFreightCalls } from '@studio/contract/freight';
import { LOCALE_NAMES, LOCALES } from '@studio/contract/locale';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { type AdminGoodsRecord, adminShopCalls, MAX_BUY_NUM, MAX_GOODS_IMAGES } from '@studio/contract/shop';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { applyServerErrors, requiredRule } from '@/shared/forms/forms';
import { LocalizedFields } from '@/shared/forms/localized-fields';
import { RichTextEditor } from '@/shared/forms/rich-text';
import { checkWholeForm } from '@/shared/forms/whole-form';
import { usePermission } from '@/shared/session/permissions';
import { showAlert } from '@/shared/ui/feedback';
import { ImageList } from '@/shared/ui/image-list';
import { Page, QueryState } from '@/shared/ui/page';
import { fieldsOf, type GoodsFields, inputOf, NEW_GOODS, type SkuFields } from './goods-fields';
import { SkuTable } from './goods-sku-table';
import { categoryOptions, useCategoryTree } from './shop-options';
import { StockDialog, type StockTarget } from './stock-dialog';

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
  const { message } = App.useApp();
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
        const shown = applyServerErrors(form, error, (field) => goodsFieldOf(field.split('.')));
        if (!shown) showAlert((error as Error).message);
      },
    },
  );
  // The whole input checked with the save call's schema first: the rules across fields (a package's
  // classes, a price over its original, a valid-date range in order) show beside their fields.
  const submit = (fields: GoodsFields) => {
    const input = inputOf(fields, goods?._id, canSetFreight);
    if (checkWholeForm(form, adminShopCalls.saveGoods.input, input, goodsFieldOf)) save.mutate(fields);
  };

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
        onFinish={submit}
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
            <Form.Item name="max_per_order" label={t('editor.maxPerOrder')} extra={t('editor.maxPerOrderHelp')}>
              <InputNumber
                min={1}
                max={MAX_BUY_NUM}
                precision={0}
                placeholder={t('editor.studioLimit')}
                addonAfter={t('editor.units')}
                style={{ width: 200 }}
              />
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

/** The form's field for a path of the save call's input (or of a field the server names). */
export function goodsFieldOf(path: PropertyKey[]): (string | number)[] | null {
  const [head, index, rest] = path.map((p) => (typeof p === 'symbol' ? '' : p));
  if (head === 'sku_list' && index !== undefined) return ['sku_list', Number(index), rest || 'sku_name'];
  if (head === 'exp_time_rule') return ['valid_days'];
  if (head === 'exp_time_range') return ['valid_range'];
  return head === undefined || head === '' ? null : [head];
}

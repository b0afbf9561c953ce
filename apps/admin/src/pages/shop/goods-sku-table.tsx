import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES } from '@studio/contract/locale';
import { MAX_SKUS } from '@studio/contract/shop';
import { Button, Flex, Form, Input, InputNumber, Select, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';
import { ImageUpload } from '@/shared/ui/image-upload';
import type { GoodsFields, SkuFields } from './goods-fields';
import type { StockTarget } from './stock-dialog';

/** The SKUs as a table: a row per spec combination, built from option lists or added by hand. */
export function SkuTable({ type, onAdjust }: { type: 0 | 1; onAdjust: (target: StockTarget) => void }) {
  const { t } = useTranslation('shop');
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
              // Wider than the card on a narrow screen, the table scrolls inside it; the page never does.
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  // The option's name in each language, one under the other: wide enough for "Sand / Large"
                  // and for Chinese, instead of three slivers side by side.
                  key: 'sku_name',
                  title: t('editor.skuName'),
                  width: 250,
                  render: (_: unknown, row: { name: number }) => (
                    <Flex vertical gap={4}>
                      {LOCALES.map((locale, li) => (
                        <Form.Item
                          key={locale}
                          name={[row.name, 'sku_name', locale]}
                          rules={li === 0 ? [requiredRule(), { max: 60 }] : [{ max: 60 }]}
                          className="sku-cell"
                        >
                          <Input
                            maxLength={60}
                            prefix={
                              <span className="sku-name-language" aria-hidden>
                                {LOCALE_NAMES[locale]}
                              </span>
                            }
                            aria-label={`${t('editor.skuName')} ${row.name + 1} · ${LOCALE_NAMES[locale]}`}
                          />
                        </Form.Item>
                      ))}
                    </Flex>
                  ),
                },
                {
                  key: 'price',
                  title: t('goods.price'),
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item name={[row.name, 'price']} rules={[requiredRule()]} className="sku-cell">
                      <MoneyInput
                        min={0}
                        max={1_000_000}
                        aria-label={`${t('goods.price')} ${row.name + 1}`}
                        style={{ width: 110 }}
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
                        style={{ width: 110 }}
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
                            style={{ width: 120 }}
                          />
                        </Form.Item>
                      ),
                    },
                {
                  key: 'image',
                  title: t('editor.skuPicture'),
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item name={[row.name, 'image']} className="sku-cell">
                      <ImageUpload compact label={`${t('editor.skuPicture')} ${row.name + 1}`} />
                    </Form.Item>
                  ),
                },
                {
                  // The row's own remove, named for what it removes (the picture's is a cross on the picture).
                  key: 'remove',
                  title: <span className="visually-hidden">{t('common:table.actions')}</span>,
                  render: (_: unknown, row: { name: number }) => (
                    <Tooltip title={t('editor.removeOption')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        disabled={rows.length <= 1}
                        onClick={() => remove(row.name)}
                        aria-label={t('editor.removeSku', { n: row.name + 1 })}
                      />
                    </Tooltip>
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

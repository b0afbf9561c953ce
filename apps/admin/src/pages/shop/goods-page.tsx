import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { imageVariant } from '@studio/contract/images';
import { adminShopCalls, type GoodsSummary, LOW_STOCK } from '@studio/contract/shop';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Checkbox, Switch, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { ClampedLink, ClampedText } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { showAlert } from '@/shared/ui/feedback';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { categoryOptions, categoryPaths, useCategoryTree } from './shop-options';

const FILTERS = ['keyword', 'category_id', 'type', 'on_sale', 'low_stock'] as const;

/** Goods: what the shop sells, filtered by category, type, sale state and low stock. */
export function GoodsPage() {
  const { t } = useTranslation('shop');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const format = useFormat();
  const table = useTableState(FILTERS);
  const f = table.view.filters;
  const tree = useCategoryTree();
  const paths = categoryPaths(tree.data?.rows ?? []);
  const { on_sale: onSale, low_stock: lowStock, type, ...rest } = table.query as Record<string, unknown>;
  const input = listInputOf(adminShopCalls.getGoodsList, {
    ...rest,
    ...(type === '0' || type === '1' ? { type: Number(type) } : {}),
    ...(onSale === 'yes' ? { is_on_sale: true } : onSale === 'no' ? { is_on_sale: false } : {}),
    ...(lowStock === '1' ? { low_stock: true } : {}),
  });
  const list = useQuery({ ...callQuery(adminShopCalls.getGoodsList, input), placeholderData: keepPreviousData });
  const setOnSale = useCallMutation(
    ({ id, on }: { id: string; on: boolean }) =>
      call(adminShopCalls.setOnSale, { _id: id, is_on_sale: on }, { silent: true }),
    {
      invalidates: [[adminShopCalls.getGoodsList.url]],
      onSuccess: ({ goods }) => void message.success(goods.is_on_sale ? t('goods.nowOnSale') : t('goods.nowOffSale')),
      onError: (error) => showAlert((error as Error).message),
    },
  );

  const columns: ServerColumn<GoodsSummary>[] = [
    {
      key: 'image',
      title: t('goods.picture'),
      render: (_, g) => (
        <Avatar shape="square" size={48} src={g.image ? imageVariant(g.image, 'thumb') : undefined} alt="" />
      ),
    },
    {
      key: 'name',
      title: t('goods.name'),
      sorter: true,
      render: (_, g) => <ClampedLink to={`/shop/goods/${g._id}`} text={g.name} minWidth={180} />,
    },
    {
      key: 'type',
      title: t('goods.type'),
      render: (_, g) => (g.type === 1 ? <Tag color="gold">{t('goods.types.1')}</Tag> : <Tag>{t('goods.types.0')}</Tag>),
    },
    {
      key: 'category',
      title: t('goods.category'),
      render: (_, g) => (g.category_id ? <ClampedText text={paths.get(g.category_id) ?? ''} minWidth={120} /> : '—'),
    },
    {
      key: 'price',
      title: t('goods.price'),
      sorter: true,
      align: 'right',
      render: (_, g) => (
        <span className="figures">
          {g.max_price > g.price
            ? t('goods.priceRange', { min: format.money(g.price), max: format.money(g.max_price) })
            : format.money(g.price)}
        </span>
      ),
    },
    {
      key: 'stock',
      title: t('goods.stock'),
      sorter: true,
      align: 'right',
      render: (_, g) => (
        <span className="figures">
          {g.stock}{' '}
          {g.sold_out ? (
            <Tag color="red">{t('goods.soldOut')}</Tag>
          ) : g.stock <= LOW_STOCK ? (
            <Tag color="orange">{t('goods.low')}</Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'is_on_sale',
      title: t('goods.onSale'),
      render: (_, g) => (
        <Switch
          checked={g.is_on_sale}
          loading={setOnSale.isPending && setOnSale.variables?.id === g._id}
          onChange={(on) => setOnSale.mutate({ id: g._id, on })}
          aria-label={t('goods.onSaleOf', { name: g.name })}
        />
      ),
    },
    { key: 'view_count', title: t('goods.views'), dataIndex: 'view_count', sorter: true, align: 'right' },
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_, g) => (
        <Link to={`/shop/goods/${g._id}`} aria-label={`${t('common:actions.edit')} ${g.name}`}>
          {t('common:actions.edit')}
        </Link>
      ),
    },
  ];

  return (
    <Page
      title={t('goods.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/shop/goods/new')}>
          {t('goods.new')}
        </Button>
      }
    >
      <FilterBar>
        <SearchBox
          value={f.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={t('goods.search')}
        />
        <TreeSelect
          allowClear
          aria-label={t('goods.category')}
          placeholder={t('goods.allCategories')}
          value={f.category_id}
          onChange={(category_id?: string) => table.setFilters({ category_id })}
          treeData={categoryOptions(tree.data?.rows ?? [])}
          treeDefaultExpandAll
          style={{ minWidth: 200 }}
        />
        <FilterSelect<'0' | '1'>
          label={t('goods.type')}
          allLabel={t('goods.allTypes')}
          value={f.type as '0' | '1' | undefined}
          onChange={(value) => table.setFilters({ type: value })}
          options={[
            { value: '0', label: t('goods.types.0') },
            { value: '1', label: t('goods.types.1') },
          ]}
        />
        <FilterSelect<'yes' | 'no'>
          label={t('goods.onSale')}
          allLabel={t('goods.allStates')}
          value={f.on_sale as 'yes' | 'no' | undefined}
          onChange={(value) => table.setFilters({ on_sale: value })}
          options={[
            { value: 'yes', label: t('goods.onSaleYes') },
            { value: 'no', label: t('goods.onSaleNo') },
          ]}
        />
        <Checkbox
          checked={f.low_stock === '1'}
          onChange={(e) => table.setFilters({ low_stock: e.target.checked ? '1' : undefined })}
        >
          {t('goods.lowStockOnly', { count: LOW_STOCK })}
        </Checkbox>
      </FilterBar>
      <ServerTable<GoodsSummary> caption={t('goods.title')} state={table} query={list} columns={columns} />
    </Page>
  );
}

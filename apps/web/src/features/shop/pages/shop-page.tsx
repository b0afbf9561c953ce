import { shopCalls } from '@studio/contract/shop';
import { SideBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { navigateTo } from '@/shared/navigation/navigation';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { GoodsGrid } from '@/shared/shop/goods-grid';
import { shopLinks } from '@/shared/shop/links';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { SearchField } from '@/shared/ui/search-field';
import { useCategoryTree } from '../api/shop';
import '../components/shop.css';

const ALL = 'all';

/** The order tab (pages/index/vip): the shop front, categories beside a goods grid. */
export function ShopPage() {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  const categories = tree.data?.rows ?? [];
  const keys = [ALL, ...categories.map((c) => c._id)] as const;
  const [category, selectCategory] = useTabParam(keys, ALL);
  return (
    <div className="shop-front">
      {/* The tab's name as the page's heading, for screen readers (the tab bar shows it). */}
      <h1 className="visually-hidden">{t('common.tabs.order')}</h1>
      <div className="shop-search" onClickCapture={() => navigateTo(shopLinks.search())}>
        <SearchField placeholder={t('shop.searchPlaceholder')} label={t('shop.search')} />
      </div>
      {tree.error ? (
        <PageError error={tree.error} onRetry={() => void tree.refetch()} />
      ) : (
        <div className="shop-columns">
          <SideBar activeKey={category} onChange={selectCategory} className="shop-categories">
            <SideBar.Item key={ALL} title={t('shop.allGoods')} />
            {categories.map((c) => (
              <SideBar.Item key={c._id} title={c.name} />
            ))}
          </SideBar>
          <section className="shop-goods" aria-live="polite">
            <CategoryGoods key={category} categoryId={category === ALL ? undefined : category} />
          </section>
        </div>
      )}
    </div>
  );
}

function CategoryGoods({ categoryId }: { categoryId?: string }) {
  const { t } = useTranslation();
  const source = usePagedCall(shopCalls.getGoodsList, categoryId ? { category_id: categoryId } : {});
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={<ClassesEmpty title={t('shop.emptyCategory')} />}
    >
      {(rows) => <GoodsGrid rows={rows} label={t('shop.goods')} />}
    </PagedList>
  );
}

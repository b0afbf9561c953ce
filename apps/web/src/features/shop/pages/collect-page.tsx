import { shopCalls } from '@studio/contract/shop';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { GoodsGrid } from '@/shared/shop/goods-grid';
import { PageSkeleton } from '@/shared/ui/page-states';
import '../components/shop.css';

/** user/collect/collect: the member's favourite goods, newest first. */
export function CollectPage() {
  const { t } = useTranslation();
  const source = usePagedCall(shopCalls.getCollectList, {});
  return (
    <div className="stack">
      <PagedList
        source={source}
        skeleton={<PageSkeleton rows={3} />}
        empty={
          <ClassesEmpty
            title={t('shop.collectEmpty')}
            action={
              <Button color="primary" fill="outline" onClick={() => switchTab(paths.order)}>
                {t('shop.browse')}
              </Button>
            }
          />
        }
      >
        {(rows) => <GoodsGrid rows={rows} label={t('shop.collectTitle')} />}
      </PagedList>
    </div>
  );
}

import type { CATALOG_STATUSES } from '@studio/contract/schedule';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useTableState } from '@/shared/table/table-state';
import { FilterSelect } from '@/shared/ui/filter-bar';

type Status = (typeof CATALOG_STATUSES)[number];

/** In use, or retired (hidden from members, kept for history). */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('catalog');
  return active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>;
}

export const CATALOG_FILTERS = ['keyword', 'status'] as const;

/** The catalog lists' filter beside the search: in use or retired. */
export function StatusFilter({
  table,
}: {
  table: Pick<ReturnType<typeof useTableState<(typeof CATALOG_FILTERS)[number]>>, 'view' | 'setFilters'>;
}) {
  const { t } = useTranslation('catalog');
  return (
    <FilterSelect<Status>
      label={t('status.label')}
      allLabel={t('status.all')}
      value={table.view.filters.status as Status | undefined}
      onChange={(status) => table.setFilters({ status })}
      options={[
        { value: 'active', label: t('status.active') },
        { value: 'inactive', label: t('status.inactive') },
      ]}
    />
  );
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** In use, or retired (hidden from members, kept for history). */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('catalog');
  return active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>;
}

export const CATALOG_FILTERS = ['keyword', 'status'] as const;

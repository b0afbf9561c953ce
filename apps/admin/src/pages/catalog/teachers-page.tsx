import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/shared/ui/page';

/** Placeholder until this area's page lands (issue #8). */
export function TeachersPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('menu.teachers')}>
      <Result status="info" title={t('state.comingSoon')} />
    </Page>
  );
}

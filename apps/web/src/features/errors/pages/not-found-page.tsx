import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { reLaunch } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="state-block card">
      <QuestionCircleOutline className="state-icon" aria-hidden="true" />
      <h2 className="state-title">{t('common.notFound.heading')}</h2>
      <p className="state-text">{t('common.notFound.text')}</p>
      <Button color="primary" onClick={() => reLaunch(paths.home)}>
        {t('common.notFound.home')}
      </Button>
    </div>
  );
}

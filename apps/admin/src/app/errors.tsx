import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.body')}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}

/** A page that failed to load (a chunk missing after a deploy) or threw while rendering. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main>
      <Result
        status="error"
        title={<h1 className="result-title">{t('state.pageFailed')}</h1>}
        subTitle={error instanceof Error ? error.message : undefined}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('state.reload')}
          </Button>
        }
      />
    </main>
  );
}

/** The signed-in staff member lacks the permission this page needs. */
export function ForbiddenResult() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 className="result-title">{t('forbidden.title')}</h1>}
      subTitle={t('forbidden.body')}
      extra={
        <Link to="/">
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}

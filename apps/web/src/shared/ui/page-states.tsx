import { ApiError } from '@studio/client/api-error';
import { Button, Skeleton } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineEmpty, useShowOfflineEmpty } from '@/shared/offline/offline-ui';

/** Placeholder rows while a page's first data loads; offline, where it cannot load, says so instead. */
export function PageSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  const offline = useShowOfflineEmpty();
  if (offline) return <OfflineEmpty />;
  return (
    <div className="page-skeleton" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
        <div className="card" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

/** A failed load, its reason and a way to try again. */
export function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof ApiError ? error.msg : t('common.loadFailed');
  return (
    <div className="state-block card" role="alert">
      <ExclamationCircleOutline className="state-icon" aria-hidden="true" />
      <p className="state-title">{t('common.loadFailed')}</p>
      {message !== t('common.loadFailed') && <p className="state-text">{message}</p>}
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Nothing to show yet, with at most one action. */
export function EmptyState({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="state-block card">
      <FileOutline className="state-icon" aria-hidden="true" />
      <p className="state-title">{title}</p>
      {action}
    </div>
  );
}

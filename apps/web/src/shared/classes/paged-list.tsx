import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListSource } from '@/shared/api/paged';
import { OfflineEmpty, useShowOfflineEmpty } from '@/shared/offline/offline-ui';
import { PageError } from '@/shared/ui/page-states';
import { InfiniteListEnd } from './infinite-list-end';

interface PagedListProps<T> {
  source: ListSource<T>;
  /** Shown while the first page loads (UI.md: skeleton rows). */
  skeleton: ReactNode;
  /** Shown when the list is empty (UI.md: an illustrated empty state with one action). */
  empty: ReactNode;
  /** Renders the rows loaded so far. */
  children: (rows: T[]) => ReactNode;
}

/**
 * The one list of the app's tabbed list pages (UI.md "Lists"): skeleton on the first load, an error
 * with a retry when nothing could be loaded, the empty state, pull to refresh (page 1 fresh), and
 * infinite scroll with a quiet "no more" end line (a failed page offers a retry of the same page).
 */
export function PagedList<T>({ source, skeleton, empty, children }: PagedListProps<T>) {
  const { t } = useTranslation();
  const offline = useShowOfflineEmpty();
  // Offline, a list never loaded (nor saved on the phone) says so instead of a skeleton that never ends.
  if (source.isPending) return offline ? <OfflineEmpty /> : skeleton;
  if (source.error && source.rows.length === 0) {
    return <PageError error={source.error} onRetry={() => void source.refresh()} />;
  }
  if (source.rows.length === 0) return <>{empty}</>;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await source.refresh();
      }}
      pullingText={t('classes.pull.pulling')}
      canReleaseText={t('classes.pull.release')}
      refreshingText={t('classes.pull.refreshing')}
      completeText={t('classes.pull.done')}
    >
      {children(source.rows)}
      {source.loadMore && <InfiniteListEnd hasMore={source.hasMore} loadMore={source.loadMore} />}
    </PullToRefresh>
  );
}

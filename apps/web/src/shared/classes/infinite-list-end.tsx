import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './classes.css';

interface InfiniteListEndProps {
  hasMore: boolean;
  /** Loads the next page; a rejection shows the retry. */
  loadMore: () => Promise<unknown>;
}

/**
 * The foot of a paged list: loads the next page when it scrolls into view, dots while loading, a
 * retry after a failure, and a quiet "no more" line at the end (UI.md "Lists").
 */
export function InfiniteListEnd({ hasMore, loadMore }: InfiniteListEndProps) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={hasMore}
      loadMore={async () => {
        await loadMore();
      }}
    >
      {(more, failed, retry) =>
        failed ? (
          <Button size="small" fill="none" color="primary" onClick={() => void retry()}>
            {t('common.retry')}
          </Button>
        ) : more ? (
          <span className="list-end" role="status" aria-label={t('common.loading')}>
            <DotLoading />
          </span>
        ) : (
          <span className="list-end">{t('classes.noMore')}</span>
        )
      }
    </InfiniteScroll>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A back-office page: its title as the one h1 (also the browser tab's title), actions on the right,
 * then the content.
 */
export function Page({
  title,
  extra,
  children,
  subtitle,
}: {
  title: string;
  extra?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title, t]);
  return (
    <section className="page" aria-labelledby="page-title">
      <Flex className="page-header" justify="space-between" align="center" gap={16} wrap>
        <div>
          <Typography.Title level={1} id="page-title" className="page-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {extra && <Flex gap={8}>{extra}</Flex>}
      </Flex>
      {children}
    </section>
  );
}

/**
 * A query's three states: a skeleton while loading, the error with a retry, else the content. The
 * content renders from the data, so a page never shows half-loaded.
 */
export function QueryState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch' | 'isFetching'>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <Result
        status="warning"
        title={t('state.loadFailed')}
        subTitle={query.error.message}
        extra={
          <Button type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('state.retry')}
          </Button>
        }
      />
    );
  }
  return <Skeleton active paragraph={{ rows: 6 }} />;
}

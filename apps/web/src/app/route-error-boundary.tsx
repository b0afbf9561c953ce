import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { Component, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reLaunch } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { PageSkeleton } from '@/shared/ui/page-states';
import { isChunkLoadError, isReloadingForNewBuild, reloadOnce } from './updates/reload-once';

/** The friendly face of a page that failed: what happened in plain words, Retry, and a way home. */
function RouteErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state-block card" role="alert">
      <ExclamationCircleOutline className="state-icon" aria-hidden="true" />
      <h2 className="state-title">{t('routeError.title')}</h2>
      <p className="state-text">{t('routeError.text')}</p>
      <Button color="primary" onClick={onRetry}>
        {t('routeError.retry')}
      </Button>
      <Button fill="none" onClick={() => reLaunch(paths.home)}>
        {t('routeError.home')}
      </Button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** The page's address: a change (the same page for another class) starts it afresh. */
  resetKey: string;
}

interface State {
  error: unknown;
  /** Bumped by Retry: the page below is mounted anew. */
  attempt: number;
  resetKey: string;
}

/**
 * One per route (RouteFrame): a page that throws while rendering shows RouteErrorPage inside its
 * frame (tab bar or navigation bar stay), never a blank screen; Retry mounts the page again. A page
 * whose code chunk failed to load after a deploy reloads the app once instead (reload-once.ts).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('page failed') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error)) reloadOnce();
    else console.error('page failed', error);
  }

  /**
   * Mounts the page again. A page whose code failed to load cannot be asked for again in place
   * (React keeps the failed import), so that one reloads the app.
   */
  private readonly retry = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    if (error) return isReloadingForNewBuild() ? <PageSkeleton /> : <RouteErrorPage onRetry={this.retry} />;
    return <Fragment key={attempt}>{this.props.children}</Fragment>;
  }
}

import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { loginUrl, type SIGNING_OUT, safeReturnPath } from '@/shared/navigation/navigation';
import { REDIRECT_PARAM } from '@/shared/navigation/paths';
import { useIsLoggedIn } from '@/shared/session/session';
import { PageSkeleton } from '@/shared/ui/page-states';
import { NavBarLayout } from './nav-bar-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import type { PageRoute } from './routes';
import { TabLayout } from './tab-layout';
import { tabOf } from './tabs';

/**
 * One page of the app: the login guard (spec 2: anonymous visitors go to login, remembering where
 * they were going; a member opening login is sent on there), the page title (with the studio's
 * name, so a tab or a bookmark says whose app it is), and the frame (tab bar or navigation bar).
 */
export function RouteFrame({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const title = t(route.titleKey);
  const studio = useMchInfo().data?.mchInfo.name;

  useEffect(() => {
    document.title = studio ? `${title} · ${studio}` : title;
  }, [title, studio]);

  if (!route.anonymous && !loggedIn) {
    return <Navigate replace to={loginUrl(`${location.pathname}${location.search}`)} />;
  }
  const signingOut = (location.state as typeof SIGNING_OUT | null)?.signingOut === true;
  if (route.guestOnly && loggedIn && !signingOut) {
    return <Navigate replace to={safeReturnPath(new URLSearchParams(location.search).get(REDIRECT_PARAM))} />;
  }

  const Page = route.page;
  // A page that throws shows a friendly error with Retry inside its frame, never a blank screen.
  const body: ReactNode = (
    <RouteErrorBoundary resetKey={`${location.pathname}${location.search}`}>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
  const tab = tabOf(location.pathname);
  if (!tab) return <NavBarLayout title={title}>{body}</NavBarLayout>;
  return (
    <TabLayout tab={tab} heading={tab.titleHeading && t(tab.titleKey)}>
      {body}
    </TabLayout>
  );
}

import { type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loginUrl } from '@/shared/navigation/navigation';
import { useIsLoggedIn } from '@/shared/session/session';
import { PageSkeleton } from '@/shared/ui/page-states';
import { NavBarLayout } from './nav-bar-layout';
import type { PageRoute } from './routes';
import { TabLayout } from './tab-layout';
import { tabOf } from './tabs';

/**
 * One page of the app: the login guard (spec 2: anonymous visitors go to login, remembering where
 * they were going), the page title, and the frame (tab bar or navigation bar) around the page.
 */
export function RouteFrame({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const title = t(route.titleKey);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!route.anonymous && !loggedIn) {
    return <Navigate replace to={loginUrl(`${location.pathname}${location.search}`)} />;
  }

  const Page = route.page;
  const body: ReactNode = (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
  const tab = tabOf(location.pathname);
  return tab ? <TabLayout tab={tab}>{body}</TabLayout> : <NavBarLayout title={title}>{body}</NavBarLayout>;
}

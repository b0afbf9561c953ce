import { Spin } from 'antd';
import { createBrowserRouter } from 'react-router';
import { setLoginOpener } from '@/shared/api/client';
import { AREAS } from './areas';
import { NotFoundPage, RouteErrorPage } from './errors';
import { StaffLayout } from './staff-layout';

export const BASENAME = '/admin';

function Loading() {
  return (
    <div className="app-loading">
      <Spin size="large" />
    </div>
  );
}

/**
 * The back office's routes, under /admin (the server answers index.html for any path there): login
 * on its own, every area of app/areas.tsx inside the staff layout, which checks the session and the
 * area's permission before the page renders.
 */
export const router = createBrowserRouter(
  [
    {
      path: '/login',
      lazy: async () => ({ Component: (await import('@/pages/login/login-page')).LoginPage }),
      HydrateFallback: Loading,
    },
    {
      path: '/',
      Component: StaffLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: Loading,
      children: [
        ...AREAS.map((area) => ({
          ...(area.path === '' ? { index: true as const } : { path: area.path }),
          handle: { permission: area.permission },
          lazy: async () => ({ Component: await area.load() }),
        })),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ],
  { basename: BASENAME },
);

setLoginOpener(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
});

import { useEffect } from 'react';
import { createHashRouter, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { registerRouter } from '@/shared/navigation/navigation';
import { useRealtime } from '@/shared/realtime/use-realtime';
import { closeDialogs } from '@/shared/ui/feedback';
import { RouteFrame } from './route-frame';
import { notFoundRoute, pageRoutes } from './routes';
import { tabPaths } from './tabs';

function RootLayout() {
  // The member's websocket (waitlist promotions and other pushes) lives as long as the app.
  useRealtime();
  // Alerts and confirms belong to the page that opened them: a route change closes them (UI.md).
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) closeDialogs();
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      ...pageRoutes.map((route) => ({ path: route.path, element: <RouteFrame key={route.path} route={route} /> })),
      // Any unknown page shows the error page (spec 2).
      { path: '*', element: <RouteFrame key="*" route={notFoundRoute} /> },
    ],
  },
]);

registerRouter(router, tabPaths);

import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { lazy, Suspense, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { antdLocaleOf } from '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useSavedCache } from '@/shared/offline/use-saved-cache';
import { useIsLoggedIn } from '@/shared/session/session';
import { useLifeData } from '@/shared/store/life-data';
import { router } from './router';
import { refreshSessionOncePerDay } from './startup';

// A new user agreement or privacy policy to accept: loaded only for a logged-in member, never in the shell.
const AgreementGate = lazy(() =>
  import('@/shared/agreements/agreement-gate').then((m) => ({ default: m.AgreementGate })),
);

/** Lets navigation render synchronously when asked (reLaunch after signing out). */
const renderNow = (fn: () => unknown): undefined => {
  flushSync(fn);
};

export function App() {
  const { i18n } = useTranslation();
  const antdLocale = antdLocaleOf(i18n.language);
  // Imperative Toast/Dialog render outside the provider and read the default config instead.
  setDefaultConfig({ locale: antdLocale });

  useEffect(() => {
    void refreshSessionOncePerDay();
  }, []);

  // The cart badge is live from launch: the member's server cart (a visitor's device cart merged in
  // at login), re-read whenever the session changes. Loaded on demand, outside the shell's bundle.
  const loggedIn = useIsLoggedIn();
  const hasDeviceCart = useLifeData((s) => s.cart.list.length > 0);
  useEffect(() => {
    if (!loggedIn && !hasDeviceCart) return;
    void import('@/shared/shop/cart').then((cart) => cart.refreshCart()).catch(() => undefined);
  }, [loggedIn, hasDeviceCart]);

  // A logged-in member's reservations, packages and pickup codes are kept on the phone for offline
  // use; at launch the queries wait (briefly) for that copy to be restored (shared/offline).
  const restoring = useSavedCache();

  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <ConfigProvider locale={antdLocale}>
          <RouterProvider router={router} flushSync={renderNow} />
          {loggedIn && (
            <Suspense fallback={null}>
              <AgreementGate />
            </Suspense>
          )}
        </ConfigProvider>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}

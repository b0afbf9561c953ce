import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TestModeBand } from '@/shared/merchant/test-mode-band';
import { navigateBack } from '@/shared/navigation/navigation';
import { OfflineBanner } from '@/shared/offline/offline-ui';

/** A page under the custom navigation bar (spec 2): back (home when it is the only page) and title. */
export function NavBarLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    // antd-mobile gives the bar's left slot role="button" even when it holds our own button, which
    // makes a nameless button wrapping a button for assistive technology. The real button suffices.
    bar.current?.querySelector('.adm-nav-bar-left')?.removeAttribute('role');
  }, []);

  return (
    <div className="nav-page">
      <TestModeBand />
      <header className="nav-header" ref={bar}>
        <NavBar
          back={null}
          left={
            <button type="button" className="nav-back" aria-label={t('common.back')} onClick={navigateBack}>
              <LeftOutline aria-hidden="true" />
            </button>
          }
        >
          <h1 className="nav-title">{title}</h1>
        </NavBar>
      </header>
      <main className="nav-page-body">
        <OfflineBanner />
        {children}
      </main>
    </div>
  );
}

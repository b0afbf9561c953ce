import { TabBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { TestModeBand } from '@/shared/merchant/test-mode-band';
import { switchTab } from '@/shared/navigation/navigation';
import { useUnreadNotices } from '@/shared/notices/unread-notices';
import { OfflineBanner } from '@/shared/offline/offline-ui';
import { useLifeData } from '@/shared/store/life-data';
import { type TabDef, visibleTabs } from './tabs';

/** A tab page: its heading (when the frame shows it) and content above the bottom tab bar. */
export function TabLayout({
  tab,
  heading,
  children,
}: {
  tab: TabDef;
  /** The page's title as its heading, shown before the page's code has loaded. */
  heading?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const badges = useLifeData(useShallow((s) => visibleTabs.map((item) => item.badge?.(s) ?? 0)));
  const unreadNotices = useUnreadNotices();
  return (
    <div className="tab-page">
      <TestModeBand />
      <main className="tab-page-body">
        <OfflineBanner />
        {heading && <h1 className="page-heading tab-page-heading">{heading}</h1>}
        {children}
      </main>
      <nav className="tab-bar" aria-label={t('common.tabs.label')}>
        <TabBar
          safeArea
          activeKey={tab.key}
          onChange={(key) => switchTab(visibleTabs.find((x) => x.key === key)?.path ?? '/')}
        >
          {visibleTabs.map((item, i) => {
            const Icon = item.icon;
            const active = item.key === tab.key;
            const badge = (badges[i] ?? 0) + (item.noticeBadge ? unreadNotices : 0);
            return (
              <TabBar.Item
                key={item.key}
                icon={<Icon aria-hidden="true" />}
                badge={badge ? badge : undefined}
                title={
                  // antd-mobile's tab items are plain divs: the link makes each one a named, focusable target.
                  // The item's own click handler switches tabs, so the link only prevents the page jump.
                  <a
                    className="tab-link"
                    href={`#${item.path}`}
                    aria-current={active ? 'page' : undefined}
                    onClick={(e) => e.preventDefault()}
                  >
                    {t(item.titleKey)}
                  </a>
                }
              />
            );
          })}
        </TabBar>
      </nav>
    </div>
  );
}

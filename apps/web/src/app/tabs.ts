import { AppOutline, CalendarOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { paths } from '@/shared/navigation/paths';
import type { LifeData } from '@/shared/store/life-data';

export interface TabDef {
  key: string;
  path: string;
  /** Other paths that show the same tab page. */
  aliases?: readonly string[];
  titleKey: string;
  /**
   * The page shows the tab's title as its heading. The frame shows it, so it paints with the tab bar,
   * before the page's own code has loaded (the largest thing on the schedule's first screen), and
   * before the app's code too (app/shell.ts).
   */
  titleHeading?: true;
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
  /** Flip on when the tab's page is built (its route must exist in the route table, app/routes-*.ts). */
  visible: boolean;
  /** A number shown on the icon, read from the store. */
  badge?: (state: LifeData) => number;
  /** The icon shows the member's unread notices (a query, so the tab layout reads it, not this table). */
  noticeBadge?: true;
}

/** The bottom tab bar (spec 2), in order. */
export const tabs: readonly TabDef[] = [
  {
    key: 'home',
    path: paths.home,
    aliases: [paths.homeAlias],
    titleKey: 'common.tabs.home',
    icon: AppOutline,
    visible: true,
  },
  {
    key: 'reservation',
    path: paths.reservation,
    titleKey: 'common.tabs.reservation',
    titleHeading: true,
    icon: CalendarOutline,
    visible: true,
  },
  {
    key: 'order',
    path: paths.order,
    titleKey: 'common.tabs.order',
    icon: ShopbagOutline,
    visible: true,
    badge: (s) => s.cart.list.reduce((sum, item) => sum + item.buy_num, 0),
  },
  {
    key: 'profile',
    path: paths.profile,
    titleKey: 'common.tabs.profile',
    titleHeading: true,
    icon: UserOutline,
    visible: true,
    noticeBadge: true,
  },
];

export const visibleTabs = tabs.filter((tab) => tab.visible);

/** Every path that shows a visible tab page. */
export const tabPaths: readonly string[] = visibleTabs.flatMap((tab) => [tab.path, ...(tab.aliases ?? [])]);

export function tabOf(path: string): TabDef | undefined {
  return visibleTabs.find((tab) => tab.path === path || tab.aliases?.includes(path));
}

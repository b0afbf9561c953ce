import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface PageRoute {
  path: string;
  /** i18n key of the page title (navigation bar and document title). */
  titleKey: string;
  /** The page: route-split (`load`) unless it is where visits start. */
  page: ComponentType;
  /**
   * Anonymous visitors may open it; every other page needs a login. The spec 2 allow-list (home,
   * login pages, error...) plus the tab pages (profile shows a login prompt) and the class browsing
   * pages whose calls are public (`pub_getSchedule`, `pub_getSessionDetail`, `pub_getTeacher`,
   * `pub_getRooms`): a visitor may look at the timetable before signing up, and Book sends them to
   * login and back.
   */
  anonymous?: boolean;
  /** Only for visitors (login, register): a member who opens it is sent on to where they were going. */
  guestOnly?: boolean;
}

/** A route-split page: its code loads when first opened. */
export function load<M>(
  factory: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await factory()) }));
}

import type { createHashRouter } from 'react-router';
import { LOGIN_REDIRECT_GUARD_MS, NAVIGATION_GUARD_MS } from '@/shared/config';
import { paths, REDIRECT_PARAM } from '@/shared/navigation/paths';

/**
 * The one way the app moves between pages (spec 2: navigate to, redirect to, switch tab, relaunch,
 * go back). A repeat of the same move within 200 ms is ignored, so a double tap opens one page.
 */
type AppRouter = ReturnType<typeof createHashRouter>;

let router: AppRouter | null = null;
let tabPaths: ReadonlySet<string> = new Set();
let lastMove = { key: '', at: 0 };
let lastLoginOpen = 0;

/** Called once by the app shell with its router and the paths of its tab pages. */
export function registerRouter(appRouter: AppRouter, tabs: Iterable<string>): void {
  router = appRouter;
  tabPaths = new Set(tabs);
}

const pathOf = (to: string) => to.split(/[?#]/, 1)[0] ?? to;

export function isTabPath(to: string): boolean {
  return tabPaths.has(pathOf(to));
}

/** The current page as path + query, e.g. "/pages/user/setting/info?x=1". */
export function currentLocation(): string {
  const loc = router?.state.location;
  return loc ? `${loc.pathname}${loc.search}` : '/';
}

/** Runs a move unless it repeats the last one within 200 ms; resolves when the page has changed. */
async function move(key: string, run: (r: AppRouter) => Promise<void>): Promise<void> {
  const now = Date.now();
  if (key === lastMove.key && now - lastMove.at < NAVIGATION_GUARD_MS) return;
  lastMove = { key, at: now };
  if (router) await run(router);
}

/** Opens a page on top of the current one; a tab page is switched to instead. */
export function navigateTo(to: string): Promise<void> {
  if (isTabPath(to)) return switchTab(to);
  return move(`push ${to}`, (r) => r.navigate(to));
}

/** Replaces the current page; a tab page is switched to instead. */
export function redirectTo(to: string): Promise<void> {
  if (isTabPath(to)) return switchTab(to);
  return move(`replace ${to}`, (r) => r.navigate(to, { replace: true }));
}

/** Shows a tab page. Tabs do not stack up in history: the current entry is replaced. */
export function switchTab(to: string): Promise<void> {
  return move(`tab ${to}`, (r) => r.navigate(to, { replace: true }));
}

/**
 * Starts over at a page, e.g. after signing out. The new page is rendered before this resolves
 * (not in a transition), so state cleared afterwards no longer concerns the page that was left.
 */
export function reLaunch(to: string, state?: unknown): Promise<void> {
  return move(`relaunch ${to}`, (r) => r.navigate(to, { replace: true, flushSync: true, state }));
}

/** The state signing out opens login with: the session ends just after, so login stays open. */
export const SIGNING_OUT = { signingOut: true } as const;

/** Goes back one page, or home when this is the only page in history. */
export function navigateBack(): Promise<void> {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return move('back', (r) => (idx > 0 ? r.navigate(-1) : r.navigate(paths.home, { replace: true })));
}

const loginGroup: ReadonlySet<string> = new Set([paths.login, paths.loginTemplate, paths.register, paths.forget]);

export function isLoginPage(to: string = currentLocation()): boolean {
  return loginGroup.has(pathOf(to));
}

/** The login page, remembering where to return to. */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || isLoginPage(returnTo) || pathOf(returnTo) === paths.home) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo })}`;
}

/** Where to go after login: the remembered page when it is one of ours, else home. */
export function safeReturnPath(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || isLoginPage(raw)) return paths.home;
  return raw;
}

/**
 * Sends the user to login after their session ended (spec 4): at most once per 300 ms and not
 * when already on a login page; the current page is remembered.
 */
export function openLogin(): void {
  const now = Date.now();
  if (isLoginPage() || now - lastLoginOpen < LOGIN_REDIRECT_GUARD_MS) return;
  lastLoginOpen = now;
  void redirectTo(loginUrl(currentLocation()));
}

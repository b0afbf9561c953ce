import { LogoutOutlined } from '@ant-design/icons';
import { accountCalls } from '@studio/contract/account';
import { LOCALE_NAMES, LOCALES, type Locale, resolveLocale } from '@studio/contract/locale';
import { type CallPermission, holds, isStaff } from '@studio/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Layout, Menu, type MenuProps, Result, Select, Spin, Typography } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { changeLanguage } from '@/i18n/i18n';
import { call, callQuery, queryClient } from '@/shared/api/client';
import { useStudio } from '@/shared/format/format';
import { clearSession, isTokenValid, setUser, useSession, useUser } from '@/shared/session/session';
import { AREAS, areaHref, MENU_GROUPS } from './areas';
import { ForbiddenResult } from './errors';
import { TestModeBand } from './test-mode-band';

/** Signs out on the server (best effort) and here, then opens login. */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await call(accountCalls.logout, {}, { silent: true }).catch(() => {});
    clearSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  };
}

/**
 * The frame of every staff page: the menu of what this staff member may open, the header with the
 * studio, the language and sign-out (under the test mode band while it lasts), and the page.
 * Without a session it sends to login; a member without any back-office permission sees "no
 * access" and nothing else; a page needing a permission they lack shows why instead of loading half.
 */
export function StaffLayout() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const user = useUser();
  // Fresh roles and permissions on every visit: an admin may have changed them since login.
  const me = useQuery({ ...callQuery(accountCalls.getMyUserInfo, {}), enabled: isTokenValid() });
  useEffect(() => {
    if (me.data) setUser(me.data.userInfo);
  }, [me.data]);

  if (!token || !isTokenValid()) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (!user || (me.isPending && !me.data)) {
    return (
      <div className="app-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (!isStaff(user)) return <NoAccess />;
  return <StaffFrame />;
}

function StaffFrame() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const signOut = useSignOut();
  const studio = useStudio();

  const needed = (matches.at(-1)?.handle as { permission?: CallPermission } | undefined)?.permission;
  const allowed = user !== null && (needed === undefined || holds(user, needed));

  const items = useMemo<MenuProps['items']>(
    () =>
      MENU_GROUPS.map((group) => ({
        type: 'group' as const,
        key: group,
        label: t(`menu.groups.${group}`),
        children: AREAS.filter((a) => a.menu?.group === group && user && holds(user, a.permission)).map((a) => ({
          key: areaHref(a),
          icon: a.menu?.icon,
          label: <Link to={areaHref(a)}>{t(a.menu?.label ?? '')}</Link>,
        })),
      })).filter((g) => g.children.length > 0),
    [t, user],
  );
  // The menu entry whose path is the longest prefix of the current one (a session selects Schedule).
  const selected = AREAS.filter((a) => a.menu)
    .map(areaHref)
    .filter((href) => (href === '/' ? location.pathname === '/' : location.pathname.startsWith(href)))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <Layout className="staff-layout">
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={64} className="staff-sider">
        <Link to="/" className="staff-brand">
          {studio.data?.mchInfo.name || t('app.title')}
        </Link>
        <nav aria-label={t('menu.label')}>
          <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} />
        </nav>
      </Layout.Sider>
      <Layout>
        <TestModeBand />
        <Layout.Header className="staff-header">
          <Typography.Text type="secondary">{t('app.title')}</Typography.Text>
          <Flex gap={12} align="center">
            <Select<Locale>
              aria-label={t('header.language')}
              value={resolveLocale(i18n.language)}
              onChange={(locale) => void changeLanguage(locale)}
              options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
              style={{ width: 120 }}
            />
            <Typography.Text>{user?.nickname || user?.username}</Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
              {t('header.signOut')}
            </Button>
          </Flex>
        </Layout.Header>
        {/* antd's Layout.Content is the page's <main> landmark. */}
        <Layout.Content className="staff-content" aria-busy={navigation.state === 'loading'}>
          {allowed ? (
            <Suspense
              fallback={
                <div className="app-loading">
                  <Spin />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          ) : (
            <ForbiddenResult />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** A member without any back-office permission: a clear page, never a half-loaded back office. */
function NoAccess() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const user = useUser();
  return (
    <main>
      <Result
        status="403"
        title={<h1 className="result-title">{t('noAccess.title')}</h1>}
        subTitle={t('noAccess.body', { name: user?.nickname || user?.username || '' })}
        extra={
          <Button type="primary" onClick={() => void signOut()}>
            {t('noAccess.signOut')}
          </Button>
        }
      />
    </main>
  );
}

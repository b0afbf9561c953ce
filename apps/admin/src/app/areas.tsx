import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CarOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileProtectOutlined,
  GiftOutlined,
  HomeOutlined,
  NotificationOutlined,
  ProfileOutlined,
  RollbackOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CallPermission } from '@studio/contract/permissions';
import type { ComponentType, ReactNode } from 'react';

/**
 * Every page of the back office, in menu order: its path under /admin/, the permission it needs (the
 * menu hides it and the route refuses it without), its component (loaded when first opened) and its
 * menu entry. An issue that adds pages adds its rows here and its page files under pages/<area>/.
 */
export interface Area {
  path: string;
  permission: CallPermission;
  load: () => Promise<ComponentType>;
  /** The menu entry; pages without one (a session, a member) are reached from their list. */
  menu?: { group: MenuGroup; label: string; icon: ReactNode };
}

/** The menu's sections (their titles are `common:menu.groups.<group>`). */
export const MENU_GROUPS = ['overview', 'classes', 'people', 'shop', 'studio'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export const AREAS: Area[] = [
  {
    path: '',
    permission: 'staff',
    load: () => import('@/pages/dashboard/dashboard-page').then((m) => m.DashboardPage),
    menu: { group: 'overview', label: 'menu.dashboard', icon: <DashboardOutlined /> },
  },
  // The owner's reports: one page, a tab each (/reports/revenue …), loaded with its charts when opened.
  {
    path: 'reports',
    permission: 'reports.view',
    load: () => import('@/pages/reports/reports-page').then((m) => m.ReportsPage),
    menu: { group: 'overview', label: 'menu.reports', icon: <BarChartOutlined /> },
  },
  {
    path: 'reports/:tab',
    permission: 'reports.view',
    load: () => import('@/pages/reports/reports-page').then((m) => m.ReportsPage),
  },
  {
    path: 'schedule',
    permission: 'classes.manage',
    load: () => import('@/pages/schedule/schedule-page').then((m) => m.SchedulePage),
    menu: { group: 'classes', label: 'menu.schedule', icon: <CalendarOutlined /> },
  },
  {
    path: 'schedule/sessions/:id',
    permission: 'classes.manage',
    load: () => import('@/pages/schedule/session-page').then((m) => m.SessionPage),
  },
  {
    path: 'courses',
    permission: 'classes.manage',
    load: () => import('@/pages/catalog/courses-page').then((m) => m.CoursesPage),
    menu: { group: 'classes', label: 'menu.courses', icon: <AppstoreOutlined /> },
  },
  {
    path: 'rooms',
    permission: 'classes.manage',
    load: () => import('@/pages/catalog/rooms-page').then((m) => m.RoomsPage),
    menu: { group: 'classes', label: 'menu.rooms', icon: <HomeOutlined /> },
  },
  {
    path: 'teachers',
    permission: 'classes.manage',
    load: () => import('@/pages/catalog/teachers-page').then((m) => m.TeachersPage),
    menu: { group: 'classes', label: 'menu.teachers', icon: <UserOutlined /> },
  },
  {
    path: 'members',
    permission: 'members.manage',
    load: () => import('@/pages/members/members-page').then((m) => m.MembersPage),
    menu: { group: 'people', label: 'menu.members', icon: <TeamOutlined /> },
  },
  {
    path: 'invitations',
    permission: 'members.manage',
    load: () => import('@/pages/invitations/invitations-page').then((m) => m.InvitationsPage),
    menu: { group: 'people', label: 'menu.invitations', icon: <GiftOutlined /> },
  },
  {
    path: 'members/:id',
    permission: 'members.manage',
    load: () => import('@/pages/members/member-page').then((m) => m.MemberPage),
  },
  {
    path: 'notices',
    permission: 'notices.manage',
    load: () => import('@/pages/notices/notices-page').then((m) => m.NoticesPage),
    menu: { group: 'people', label: 'menu.notices', icon: <NotificationOutlined /> },
  },
  {
    path: 'feedback',
    permission: 'feedback.manage',
    load: () => import('@/pages/feedback/feedback-page').then((m) => m.FeedbackPage),
    menu: { group: 'people', label: 'menu.feedback', icon: <CommentOutlined /> },
  },
  {
    path: 'deliveries',
    permission: 'notices.manage',
    load: () => import('@/pages/deliveries/deliveries-page').then((m) => m.DeliveriesPage),
    menu: { group: 'people', label: 'menu.deliveries', icon: <SendOutlined /> },
  },
  {
    path: 'shop/goods',
    permission: 'shop.manage',
    load: () => import('@/pages/shop/goods-page').then((m) => m.GoodsPage),
    menu: { group: 'shop', label: 'menu.goods', icon: <ShoppingOutlined /> },
  },
  {
    path: 'shop/goods/:id',
    permission: 'shop.manage',
    load: () => import('@/pages/shop/goods-editor-page').then((m) => m.GoodsEditorPage),
  },
  {
    path: 'shop/categories',
    permission: 'shop.manage',
    load: () => import('@/pages/shop/categories-page').then((m) => m.CategoriesPage),
    menu: { group: 'shop', label: 'menu.categories', icon: <ApartmentOutlined /> },
  },
  // The front desk (orders.desk) finds an order and takes its payment; orders.manage includes it.
  {
    path: 'orders',
    permission: 'orders.desk',
    load: () => import('@/pages/orders/orders-page').then((m) => m.OrdersPage),
    menu: { group: 'shop', label: 'menu.orders', icon: <ProfileOutlined /> },
  },
  {
    path: 'orders/:no',
    permission: 'orders.desk',
    load: () => import('@/pages/orders/order-page').then((m) => m.OrderPage),
  },
  {
    path: 'refunds',
    permission: 'refunds.manage',
    load: () => import('@/pages/refunds/refunds-page').then((m) => m.RefundsPage),
    menu: { group: 'shop', label: 'menu.refunds', icon: <RollbackOutlined /> },
  },
  {
    path: 'shop/coupons',
    permission: 'shop.manage',
    load: () => import('@/pages/coupons/coupons-page').then((m) => m.CouponsPage),
    menu: { group: 'shop', label: 'menu.coupons', icon: <TagsOutlined /> },
  },
  {
    path: 'shop/reviews',
    permission: 'shop.manage',
    load: () => import('@/pages/reviews/reviews-page').then((m) => m.ReviewsPage),
    menu: { group: 'shop', label: 'menu.reviews', icon: <StarOutlined /> },
  },
  {
    path: 'shop/freight',
    permission: 'orders.manage',
    load: () => import('@/pages/shop/freight-page').then((m) => m.FreightPage),
    menu: { group: 'shop', label: 'menu.freight', icon: <CarOutlined /> },
  },
  {
    path: 'settings',
    permission: 'settings.manage',
    load: () => import('@/pages/settings/settings-page').then((m) => m.SettingsPage),
    menu: { group: 'studio', label: 'menu.settings', icon: <SettingOutlined /> },
  },
  {
    path: 'settings/agreements',
    permission: 'settings.manage',
    load: () => import('@/pages/agreements/agreements-page').then((m) => m.AgreementsPage),
    menu: { group: 'studio', label: 'menu.agreements', icon: <FileProtectOutlined /> },
  },
  {
    path: 'audit',
    permission: 'audit.view',
    load: () => import('@/pages/audit/audit-page').then((m) => m.AuditPage),
    menu: { group: 'studio', label: 'menu.audit', icon: <AuditOutlined /> },
  },
];

/** The path a menu entry links to. */
export const areaHref = (area: Area) => `/${area.path}`;

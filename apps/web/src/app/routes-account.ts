import { paths } from '@/shared/navigation/paths';
import { load, type PageRoute } from './page-route';

const login = load(
  () => import('@/features/account/pages/login-page'),
  (m) => m.LoginPage,
);

/** The member's own pages: signing in and up, the profile tab, settings, notices. */
export const accountRoutes: readonly PageRoute[] = [
  {
    // A startup page: anonymous visitors see a login prompt here instead of being sent away.
    path: paths.profile,
    titleKey: 'profile.title',
    anonymous: true,
    page: load(
      () => import('@/features/profile/pages/profile-page'),
      (m) => m.ProfilePage,
    ),
  },

  { path: paths.login, titleKey: 'account.login.title', anonymous: true, guestOnly: true, page: login },
  { path: paths.loginTemplate, titleKey: 'account.login.title', anonymous: true, guestOnly: true, page: login },
  {
    path: paths.register,
    titleKey: 'account.register.title',
    anonymous: true,
    guestOnly: true,
    page: load(
      () => import('@/features/account/pages/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: paths.forget,
    titleKey: 'account.forget.title',
    anonymous: true,
    page: load(
      () => import('@/features/account/pages/forget-page'),
      (m) => m.ForgetPage,
    ),
  },
  {
    path: paths.agreement,
    titleKey: 'agreement.title',
    anonymous: true,
    page: load(
      () => import('@/features/account/pages/agreement-page'),
      (m) => m.AgreementPage,
    ),
  },
  {
    path: paths.webView,
    titleKey: 'webView.title',
    anonymous: true,
    page: load(
      () => import('@/features/web-view/pages/web-view-page'),
      (m) => m.WebViewPage,
    ),
  },

  {
    path: paths.invite,
    titleKey: 'invite.title',
    page: load(
      () => import('@/features/invite/pages/invite-page'),
      (m) => m.InvitePage,
    ),
  },
  {
    path: paths.setting,
    titleKey: 'account.setting.title',
    page: load(
      () => import('@/features/account/pages/setting-page'),
      (m) => m.SettingPage,
    ),
  },
  {
    path: paths.settingInfo,
    titleKey: 'account.info.title',
    page: load(
      () => import('@/features/account/pages/info-page'),
      (m) => m.InfoPage,
    ),
  },
  {
    path: paths.accountSecurity,
    titleKey: 'account.security.title',
    page: load(
      () => import('@/features/account/pages/account-security-page'),
      (m) => m.AccountSecurityPage,
    ),
  },
  {
    path: paths.updatePassword,
    titleKey: 'account.updatePassword.title',
    page: load(
      () => import('@/features/account/pages/update-password-page'),
      (m) => m.UpdatePasswordPage,
    ),
  },
  {
    path: paths.updateMobile,
    titleKey: 'account.updateMobile.title',
    page: load(
      () => import('@/features/account/pages/update-mobile-page'),
      (m) => m.UpdateMobilePage,
    ),
  },
  {
    path: paths.updateMailbox,
    titleKey: 'account.updateMailbox.title',
    page: load(
      () => import('@/features/account/pages/update-mailbox-page'),
      (m) => m.UpdateMailboxPage,
    ),
  },
  {
    path: paths.language,
    titleKey: 'account.language.title',
    page: load(
      () => import('@/features/account/pages/language-page'),
      (m) => m.LanguagePage,
    ),
  },
  {
    path: paths.notificationSettings,
    titleKey: 'notificationSettings.title',
    page: load(
      () => import('@/features/notification-settings/pages/notification-settings-page'),
      (m) => m.NotificationSettingsPage,
    ),
  },

  // Notices are on the visitors' allow-list (spec): a visitor reads the studio's public announcements.
  {
    path: paths.noticeList,
    titleKey: 'notices.title',
    anonymous: true,
    page: load(
      () => import('@/features/notices/pages/notice-list-page'),
      (m) => m.NoticeListPage,
    ),
  },
  {
    path: paths.noticeDetail,
    titleKey: 'notices.detailTitle',
    anonymous: true,
    page: load(
      () => import('@/features/notices/pages/notice-detail-page'),
      (m) => m.NoticeDetailPage,
    ),
  },

  // Help & contact is public (the studio's phone and hours); writing and reading messages need a login.
  {
    path: paths.serviceCenter,
    titleKey: 'feedback.center.title',
    anonymous: true,
    page: load(
      () => import('@/features/feedback/pages/service-center-page'),
      (m) => m.ServiceCenterPage,
    ),
  },
  {
    path: paths.feedbackWrite,
    titleKey: 'feedback.write.title',
    page: load(
      () => import('@/features/feedback/pages/feedback-write-page'),
      (m) => m.FeedbackWritePage,
    ),
  },
  {
    path: paths.feedbackList,
    titleKey: 'feedback.list.title',
    page: load(
      () => import('@/features/feedback/pages/feedback-list-page'),
      (m) => m.FeedbackListPage,
    ),
  },
  {
    path: paths.feedbackThread,
    titleKey: 'feedback.thread.title',
    page: load(
      () => import('@/features/feedback/pages/feedback-thread-page'),
      (m) => m.FeedbackThreadPage,
    ),
  },
];

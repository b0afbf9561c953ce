import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { paths } from '@/shared/navigation/paths';

export interface PageRoute {
  path: string;
  /** i18n key of the page title (navigation bar and document title). */
  titleKey: string;
  page: LazyExoticComponent<ComponentType>;
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
function load<M>(factory: () => Promise<M>, pick: (module: M) => ComponentType): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await factory()) }));
}

const home = load(
  () => import('@/features/home/pages/home-page'),
  (m) => m.HomePage,
);

const login = load(
  () => import('@/features/account/pages/login-page'),
  (m) => m.LoginPage,
);

export const notFoundRoute: PageRoute = {
  path: paths.notFound,
  titleKey: 'common.notFound.title',
  anonymous: true,
  page: load(
    () => import('@/features/errors/pages/not-found-page'),
    (m) => m.NotFoundPage,
  ),
};

/** Every page of the app. Tab pages are listed in tabs.ts as well. */
export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, titleKey: 'home.title', anonymous: true, page: home },
  { path: paths.homeAlias, titleKey: 'home.title', anonymous: true, page: home },
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
    // The reservation tab: the schedule is public (pub_getSchedule); my status shows when logged in.
    path: paths.reservation,
    titleKey: 'classes.schedule.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/schedule-page'),
      (m) => m.SchedulePage,
    ),
  },
  {
    // Public, so a visitor can look before booking: tapping Book sends them to login and back.
    path: paths.courseDetail,
    titleKey: 'classes.detail.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/session-detail-page'),
      (m) => m.SessionDetailPage,
    ),
  },
  {
    path: paths.courseWait,
    titleKey: 'classes.waitlist.title',
    page: load(
      () => import('@/features/classes/pages/waitlist-page'),
      (m) => m.WaitlistPage,
    ),
  },
  {
    path: paths.courseTeacher,
    titleKey: 'classes.teacher.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/teacher-profile-page'),
      (m) => m.TeacherProfilePage,
    ),
  },
  {
    path: paths.courseClassroom,
    titleKey: 'classes.rooms.title',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/classroom-page'),
      (m) => m.ClassroomPage,
    ),
  },
  {
    path: paths.courseRoom,
    titleKey: 'classes.rooms.roomTitle',
    anonymous: true,
    page: load(
      () => import('@/features/classes/pages/room-page'),
      (m) => m.RoomPage,
    ),
  },
  {
    path: paths.coursePurchased,
    titleKey: 'classes.packages.title',
    page: load(
      () => import('@/features/classes/pages/packages-page'),
      (m) => m.PackagesPage,
    ),
  },
  {
    path: paths.reservations,
    titleKey: 'reservations.title',
    page: load(
      () => import('@/features/reservations/pages/reservations-page'),
      (m) => m.ReservationsPage,
    ),
  },

  {
    path: paths.teacherWorkbench,
    titleKey: 'teacher.workbench.title',
    page: load(
      () => import('@/features/teacher/pages/workbench-page'),
      (m) => m.WorkbenchPage,
    ),
  },
  {
    path: paths.teacherIntroduction,
    titleKey: 'teacher.introduction.title',
    page: load(
      () => import('@/features/teacher/pages/introduction-page'),
      (m) => m.IntroductionPage,
    ),
  },
  {
    path: paths.teacherCourse,
    titleKey: 'teacher.course.title',
    page: load(
      () => import('@/features/teacher/pages/course-page'),
      (m) => m.CoursePage,
    ),
  },
  {
    path: paths.teacherClassHours,
    titleKey: 'teacher.hours.title',
    page: load(
      () => import('@/features/teacher/pages/class-hours-page'),
      (m) => m.ClassHoursPage,
    ),
  },
  {
    path: paths.teacherStudents,
    titleKey: 'teacher.students.title',
    page: load(
      () => import('@/features/teacher/pages/students-page'),
      (m) => m.StudentsPage,
    ),
  },
  {
    path: paths.verifyScan,
    titleKey: 'teacher.verify.title',
    page: load(
      () => import('@/features/teacher/pages/verify-scan-page'),
      (m) => m.VerifyScanPage,
    ),
  },

  {
    path: paths.order,
    titleKey: 'shop.title',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/shop-page'),
      (m) => m.ShopPage,
    ),
  },
  {
    path: paths.goodsList,
    titleKey: 'shop.listTitle',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/goods-list-page'),
      (m) => m.GoodsListPage,
    ),
  },
  {
    path: paths.goodsSearch,
    titleKey: 'shop.searchTitle',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/search-page'),
      (m) => m.SearchPage,
    ),
  },
  {
    path: paths.goodsDetail,
    titleKey: 'shop.detailTitle',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/goods-detail-page'),
      (m) => m.GoodsDetailPage,
    ),
  },
  {
    path: paths.imageGallery,
    titleKey: 'shop.galleryTitle',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/image-gallery-page'),
      (m) => m.ImageGalleryPage,
    ),
  },
  {
    // Spec 2: the cart is open to visitors; their cart stays on the device until they log in.
    path: paths.goodsCart,
    titleKey: 'shop.cartTitle',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/cart-page'),
      (m) => m.CartPage,
    ),
  },
  {
    path: paths.collect,
    titleKey: 'shop.collectTitle',
    page: load(
      () => import('@/features/shop/pages/collect-page'),
      (m) => m.CollectPage,
    ),
  },

  {
    path: paths.addressList,
    titleKey: 'addresses.title',
    page: load(
      () => import('@/features/addresses/pages/address-list-page'),
      (m) => m.AddressListPage,
    ),
  },
  {
    path: paths.addressEdit,
    titleKey: 'addresses.editTitle',
    page: load(
      () => import('@/features/addresses/pages/address-edit-page'),
      (m) => m.AddressEditPage,
    ),
  },

  {
    path: paths.wallet,
    titleKey: 'wallet.title',
    page: load(
      () => import('@/features/wallet/pages/wallet-page'),
      (m) => m.WalletPage,
    ),
  },

  {
    path: paths.goodsOrderConfirm,
    titleKey: 'orders.confirm.title',
    page: load(
      () => import('@/features/orders/pages/order-confirm-page'),
      (m) => m.OrderConfirmPage,
    ),
  },
  {
    path: paths.goodsOrderPay,
    titleKey: 'orders.pay.title',
    page: load(
      () => import('@/features/orders/pages/order-pay-page'),
      (m) => m.OrderPayPage,
    ),
  },
  {
    path: paths.orderPay,
    titleKey: 'orders.pay.title',
    page: load(
      () => import('@/features/orders/pages/order-pay-page'),
      (m) => m.OrderPayPage,
    ),
  },
  {
    path: paths.sandboxPay,
    titleKey: 'orders.sandbox.pageTitle',
    anonymous: true,
    page: load(
      () => import('@/features/orders/pages/sandbox-pay-page'),
      (m) => m.SandboxPayPage,
    ),
  },
  {
    path: paths.selectCoupon,
    titleKey: 'coupons.selectTitle',
    page: load(
      () => import('@/features/orders/pages/select-coupon-page'),
      (m) => m.SelectCouponPage,
    ),
  },
  {
    // The centre is public (pub_getCenter): a visitor sees what is on offer; Claim asks for a login.
    path: paths.couponList,
    titleKey: 'coupons.title',
    anonymous: true,
    page: load(
      () => import('@/features/coupons/pages/coupon-list-page'),
      (m) => m.CouponListPage,
    ),
  },
  {
    path: paths.couponDetail,
    titleKey: 'coupons.detailTitle',
    anonymous: true,
    page: load(
      () => import('@/features/coupons/pages/coupon-detail-page'),
      (m) => m.CouponDetailPage,
    ),
  },
  {
    path: paths.orderComment,
    titleKey: 'orders.comment.title',
    page: load(
      () => import('@/features/orders/pages/order-comment-page'),
      (m) => m.OrderCommentPage,
    ),
  },
  {
    // Spec 2: anonymous visitors may read comments.
    path: paths.goodsComment,
    titleKey: 'shop.reviews.title',
    anonymous: true,
    page: load(
      () => import('@/features/shop/pages/goods-comment-page'),
      (m) => m.GoodsCommentPage,
    ),
  },
  {
    path: paths.orderList,
    titleKey: 'orders.title',
    page: load(
      () => import('@/features/orders/pages/order-list-page'),
      (m) => m.OrderListPage,
    ),
  },
  {
    path: paths.orderInfo,
    titleKey: 'orders.info.title',
    page: load(
      () => import('@/features/orders/pages/order-info-page'),
      (m) => m.OrderInfoPage,
    ),
  },
  {
    path: paths.courseOrderInfo,
    titleKey: 'orders.info.title',
    page: load(
      () => import('@/features/orders/pages/order-info-page'),
      (m) => m.OrderInfoPage,
    ),
  },
  {
    path: paths.orderExpress,
    titleKey: 'orders.express.title',
    page: load(
      () => import('@/features/orders/pages/order-express-page'),
      (m) => m.OrderExpressPage,
    ),
  },
  {
    path: paths.walletList,
    titleKey: 'wallet.title',
    page: load(
      () => import('@/features/wallet/pages/wallet-page'),
      (m) => m.WalletPage,
    ),
  },
  {
    path: paths.integral,
    titleKey: 'wallet.pointsTitle',
    page: load(
      () => import('@/features/wallet/pages/integral-page'),
      (m) => m.IntegralPage,
    ),
  },
  {
    path: paths.integralList,
    titleKey: 'wallet.pointsTitle',
    page: load(
      () => import('@/features/wallet/pages/integral-page'),
      (m) => m.IntegralPage,
    ),
  },

  notFoundRoute,
];

/**
 * Every route path of the app (spec section 2), in one place. This file imports nothing, so features
 * and shared code may import it without creating a cycle. Add a page: add its path here, then its
 * entry in its area's route table (`app/routes-*.ts`).
 */
export const paths = {
  home: '/',
  homeAlias: '/pages/index/index',
  reservation: '/pages/index/category',
  order: '/pages/index/vip',
  profile: '/pages/index/mys',

  login: '/pages/login/index',
  /** The template's login page (spec section 2): the same page, uniIdRedirectUrl honoured alike. */
  loginTemplate: '/pages_template/uni-id/login/index/index',
  register: '/pages/login/register',
  forget: '/pages/login/forget',
  agreement: '/pages/login/agreement',
  /** A studio link shown inside the app (spec web-view/web-view?url=), when its host is allowed. */
  webView: '/web-view/web-view',

  setting: '/pages/user/setting/setting',
  settingInfo: '/pages/user/setting/info',
  accountSecurity: '/pages/user/setting/account-security',
  updatePassword: '/pages/user/setting/update-password',
  updateMobile: '/pages/user/setting/update-mobile',
  updateMailbox: '/pages/user/setting/update-mailbox',
  language: '/pages/user/setting/language',
  /** Notifications: push on this device and the channels of each notice category. */
  notificationSettings: '/pages/user/setting/notifications',
  /** My invitation (spec common/invite): my code, its link and QR, the members I invited. */
  invite: '/pages/common/invite',

  /** The notice centre (spec: notice/list, notice/detail); visitors see the studio's public announcements. */
  noticeList: '/pages/notice/list',
  noticeDetail: '/pages/notice/detail',

  /** Help & contact (spec: service-center/service-center): the studio's contacts, hours, FAQ. */
  serviceCenter: '/pages/service-center/service-center',
  /** Write to the studio (?order_no= / ?reservation_id=: what it is about). */
  feedbackWrite: '/pages/service-center/write',
  feedbackList: '/pages/service-center/messages',
  /** One conversation (?_id=); a notice of the studio's reply opens it (contract notice-links). */
  feedbackThread: '/pages/service-center/thread',

  courseDetail: '/pages/course/detail',
  courseWait: '/pages/course/wait',
  courseTeacher: '/pages/course/teacher',
  courseClassroom: '/pages/course/classroom',
  courseRoom: '/pages/course/room',
  coursePurchased: '/pages/course/purchased',
  reservations: '/pages/user/reservations',

  goodsList: '/pages/goods/goods-list',
  goodsDetail: '/pages/goods/goods-detail',
  goodsCart: '/pages/goods/goods-cart',
  goodsSearch: '/pages/goods/search',
  imageGallery: '/pages/goods/image-gallery',
  collect: '/pages/user/collect/collect',
  addressList: '/pages/user/address/list',
  wallet: '/pages/user/wallet/wallet',
  addressEdit: '/pages/user/address/edit',
  goodsOrderConfirm: '/pages/goods/goods-order-confirm',
  goodsOrderPay: '/pages/goods/goods-order-pay',
  orderPay: '/pages/goods/order-pay',
  sandboxPay: '/pages/pay/sandbox',
  orderList: '/pages/user/order/list',
  orderInfo: '/pages/user/order/info',
  orderExpress: '/pages/user/order/express',
  courseOrderInfo: '/pages/course/order-info',
  walletList: '/pages/user/wallet/list',
  integral: '/pages/user/integral/integral',
  integralList: '/pages/user/integral/list',
  couponList: '/pages/coupon/list',
  couponDetail: '/pages/coupon/detail',
  selectCoupon: '/pages/goods/select-coupon',
  orderComment: '/pages/user/order/comment',
  goodsComment: '/pages/goods/goods-comment',

  teacherWorkbench: '/pages/teacher/workbench',
  teacherIntroduction: '/pages/teacher/introduction',
  teacherCourse: '/pages/teacher/course',
  teacherClassHours: '/pages/teacher/class-hours',
  teacherStudents: '/pages/teacher/students',
  verifyScan: '/pages/verify/scan',

  notFound: '/pages/error/404/404',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter carrying the page to return to after login (spec section 2). */
export const REDIRECT_PARAM = 'uniIdRedirectUrl';

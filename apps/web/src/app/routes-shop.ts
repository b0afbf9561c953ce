import { paths } from '@/shared/navigation/paths';
import { load, type PageRoute } from './page-route';

/** The shop tab and everything with money: goods, cart, orders, payment, coupons, reviews, wallet, points. */
export const shopRoutes: readonly PageRoute[] = [
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
];

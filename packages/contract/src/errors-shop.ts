import { type ErrorDef, m } from './error-def';

/** The shop and money: stock, cart, orders, payment, coupons, refunds, reviews. */
export const shopErrors = {
  STOCK_INSUFFICIENT: { msg: m('Insufficient stock', '库存不足', '庫存不足') },
  PRODUCT_OFF_SALE: { msg: m('Product does not exist or is off sale', '商品不存在或已下架', '商品不存在或已下架') },
  PRODUCT_INFO_INVALID: { msg: m('Product information error', '商品信息错误', '商品資訊錯誤') },
  CART_FULL: {
    msg: m('Your cart holds at most {max} items', '购物车最多容纳 {max} 件商品', '購物車最多容納 {max} 件商品'),
  },
  STOCK_BELOW_ZERO: {
    msg: m(
      'Only {stock} left in stock: it cannot go below 0',
      '库存仅剩 {stock}，不能低于 0',
      '庫存僅剩 {stock}，不能低於 0',
    ),
  },
  CATEGORY_NOT_EMPTY: {
    msg: m('This category still holds sub-categories or goods', '该分类下还有子分类或商品', '該分類下還有子分類或商品'),
  },
  CATEGORY_TOO_DEEP: {
    msg: m('Categories go at most {levels} levels deep', '分类最多 {levels} 级', '分類最多 {levels} 級'),
  },
  BALANCE_INSUFFICIENT: { msg: m('Insufficient balance', '余额不足', '餘額不足') },
  POINTS_INSUFFICIENT: { msg: m('Not enough points', '积分不足', '積分不足') },
  /** A credit that would take a wallet or points account over BALANCE_MAX. */
  BALANCE_TOO_LARGE: {
    msg: m(
      'This would take the balance over the most an account may hold',
      '超出账户可持有的最高余额',
      '超出帳戶可持有的最高餘額',
    ),
  },
  /** Staff adjusting their own wallet or points (a PERMISSION_DENIED with its own message). */
  SELF_ADJUSTMENT_DENIED: {
    http: 403,
    msg: m(
      'You cannot adjust your own wallet or points: ask another member of staff',
      '不能调整自己的余额或积分，请让其他工作人员操作',
      '不能調整自己的餘額或積分，請讓其他工作人員操作',
    ),
  },
  /** Staff taking their own payment at the desk or selling themselves a package (a PERMISSION_DENIED with its own message). */
  SELF_DESK_PAYMENT_DENIED: {
    http: 403,
    msg: m(
      'You cannot take your own payment at the desk: ask another member of staff',
      '不能在前台为自己收款，请让其他工作人员操作',
      '不能在前台為自己收款，請讓其他工作人員操作',
    ),
  },
  /** Above the studio's per-adjustment ceiling (wallet_adjust_max_units, points_adjust_max), only an admin adjusts. */
  ADJUSTMENT_ABOVE_LIMIT: {
    http: 403,
    msg: m(
      'Staff may adjust at most {max} at once; above that, only an admin may',
      '工作人员单次最多调整 {max}，超过需由管理员操作',
      '工作人員單次最多調整 {max}，超過需由管理員操作',
    ),
  },
  ORDER_NOT_FOUND: { msg: m('Order not found', '订单不存在', '訂單不存在') },
  ORDER_STATUS_CHANGED: {
    msg: m(
      'This order is {status} now: refresh to see what you can do with it',
      '该订单当前为「{status}」，请刷新后再操作',
      '該訂單當前為「{status}」，請重新整理後再操作',
    ),
  },
  PICKUP_ALREADY_DONE: {
    msg: m(
      'Already picked up: {time} by {name}',
      '该订单已于 {time} 由 {name} 核销取货',
      '該訂單已於 {time} 由 {name} 核銷取貨',
    ),
  },
  ORDER_EXPIRED: {
    msg: m(
      'This order was not paid in time and has been cancelled',
      '订单超时未支付，已自动取消',
      '訂單逾時未支付，已自動取消',
    ),
  },
  ORDER_TOTAL_TOO_LARGE: {
    msg: m(
      'An order may come to at most {max}: split it into smaller orders',
      '单笔订单金额最多为 {max}，请分成多笔订单',
      '單筆訂單金額最多為 {max}，請分成多筆訂單',
    ),
  },
  OVER_MAX_PER_ORDER: {
    msg: m(
      'At most {max} of “{name}” can be bought in one order',
      '「{name}」每单最多购买 {max} 件',
      '「{name}」每筆訂單最多購買 {max} 件',
    ),
  },
  TOO_MANY_UNPAID_ORDERS: {
    msg: m(
      'You already have {max} orders waiting for payment: pay for or cancel one first',
      '您已有 {max} 笔待付款订单，请先支付或取消其中一笔',
      '您已有 {max} 筆待付款訂單，請先支付或取消其中一筆',
    ),
  },
  DEADLINE_NOT_EXTENDABLE: {
    msg: m(
      'Only an order waiting for payment at the desk has a deadline that can be extended',
      '只有待到店付款的订单可以延长付款期限',
      '只有待到店付款的訂單可以延長付款期限',
    ),
  },
  STOCK_ABOVE_MAX: {
    msg: m('A SKU holds at most {max} in stock', '单个规格库存最多为 {max}', '單個規格庫存最多為 {max}'),
  },
  MUST_BUY_ALONE: {
    msg: m('“{name}” must be bought on its own', '「{name}」需单独购买', '「{name}」需單獨購買'),
  },
  OVER_MAX_WEIGHT: {
    msg: m(
      'This parcel is too heavy to send ({max} g at most): choose pickup or fewer items',
      '包裹超重（最多 {max} 克），请选择自提或减少商品',
      '包裹超重（最多 {max} 克），請選擇自取或減少商品',
    ),
  },
  ADDRESS_REQUIRED: { msg: m('Choose a delivery address', '请选择收货地址', '請選擇收貨地址') },
  PAY_TYPE_DISABLED: {
    msg: m('This payment method is not available', '暂不支持该支付方式', '暫不支援該支付方式'),
  },
  PAYMENT_FAILED: { msg: m('Payment failed', '支付失败', '支付失敗') },
  CREATE_ORDER_FAILED: { msg: m('Create order failed', '创建订单失败', '建立訂單失敗') },
  CANCEL_FAILED: { msg: m('Cancel failed', '取消失败', '取消失敗') },
  COUPON_INVALID: { msg: m('This coupon cannot be used', '优惠券不可用', '優惠券不可用') },
  COUPON_SOLD_OUT: { msg: m('All of these coupons have been claimed', '优惠券已被领完', '優惠券已被領完') },
  COUPON_LIMIT_REACHED: {
    msg: m('You can claim this coupon {limit} time(s) at most', '每人最多领取 {limit} 张', '每人最多領取 {limit} 張'),
  },
  COUPON_ENDED: { msg: m('This coupon is no longer available', '优惠券已失效', '優惠券已失效') },
  EXCHANGE_FAILED: {
    msg: m(
      'Exchange failed: the code is wrong or already used',
      '兑换失败：兑换码错误或已被使用',
      '兌換失敗：兌換碼錯誤或已被使用',
    ),
  },
  EXCHANGE_CODE_LENGTH: {
    msg: m('The exchange code has {length} characters', '兑换码应为 {length} 位', '兌換碼應為 {length} 位'),
  },
  REFUND_NOT_ALLOWED: {
    msg: m('This order cannot be refunded: {reason}', '该订单无法退款：{reason}', '該訂單無法退款：{reason}'),
  },
  REFUND_AMOUNT_INVALID: {
    msg: m('The refund may be at most {max}', '退款金额不能超过 {max}', '退款金額不能超過 {max}'),
  },
  PACKAGE_ALREADY_USED: {
    msg: m(
      'A class has been booked with this package, so it can no longer be refunded',
      '该课程包已预约过课程，无法退款',
      '該課程包已預約過課程，無法退款',
    ),
  },
  REFUND_REPAY_NOT_NEEDED: {
    msg: m(
      'Only a refund its payment provider refused is paid back another way',
      '只有被支付渠道拒绝的退款才需要以其他方式退还',
      '只有被支付渠道拒絕的退款才需要以其他方式退還',
    ),
  },
  REFUND_ALREADY_REQUESTED: {
    msg: m(
      'A refund is already waiting for this order: wait for the studio to decide, or withdraw it first',
      '该订单已有退款申请在处理中，请等待商家处理或先撤销申请',
      '該訂單已有退款申請在處理中，請等待商家處理或先撤銷申請',
    ),
  },
  REFUND_NOT_FOUND: {
    msg: m('No refund is waiting for this order', '该订单没有待处理的退款', '該訂單沒有待處理的退款'),
  },
  /** A refund line naming a SKU the order does not hold. */
  REFUND_LINE_NOT_FOUND: {
    msg: m('This order has no such item', '该订单中没有此商品', '該訂單中沒有此商品'),
  },
  /** More units of a line than bought minus already refunded. */
  REFUND_QUANTITY_TOO_MANY: {
    msg: m('Only {left} of {name} can still be refunded', '{name} 最多还能退 {left} 件', '{name} 最多還能退 {left} 件'),
  },
  /** A course-package order is sent back whole (its passes are issued per order). */
  REFUND_PACKAGE_WHOLE: {
    msg: m(
      'A class pass order is refunded as a whole: choose all of it',
      '课程包订单需整单退款，请选择全部商品',
      '課程包訂單需整單退款，請選擇全部商品',
    ),
  },
  ALREADY_REVIEWED: { msg: m('This order has already been reviewed', '该订单已评价', '該訂單已評價') },
  REVIEW_NOT_ALLOWED: {
    msg: m('Orders can be reviewed once completed', '订单完成后才能评价', '訂單完成後才能評價'),
  },
  FEEDBACK_NOT_FOUND: { msg: m('Feedback not found or no permission', '反馈不存在或无权限', '回饋不存在或無權限') },
  /** A member wrote their daily number of messages to the studio (service_center.feedback_daily_limit). */
  FEEDBACK_DAILY_LIMIT: {
    http: 429,
    msg: m(
      'You can send the studio at most {max} messages a day. Please try again tomorrow, or call us',
      '每天最多可给门店发送 {max} 条消息，请明天再试或致电门店',
      '每天最多可給門店傳送 {max} 則訊息，請明天再試或致電門店',
    ),
  },
  /** A follow-up on a thread staff closed. */
  FEEDBACK_CLOSED: {
    msg: m(
      'This conversation is closed. Please write a new message',
      '该会话已关闭，请重新发起留言',
      '該對話已關閉，請重新發起留言',
    ),
  },
} as const satisfies Record<string, ErrorDef>;

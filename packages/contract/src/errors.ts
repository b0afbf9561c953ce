import type { Locale } from './locale';

type Messages = Record<Locale, string>;
interface ErrorDef {
  /** The `code` field of the envelope: a number for the platform codes of the spec, else the name. */
  code?: number;
  /** HTTP status of the answer; 200 for business failures. */
  http?: number;
  msg: Messages;
}

const m = (en: string, zhHans: string, zhHant: string): Messages => ({ en, 'zh-Hans': zhHans, 'zh-Hant': zhHant });

/**
 * Every error the API can answer. The key is the error name (the i18n key on the client:
 * `errors.<NAME>`); `{param}` placeholders are filled from the error's params.
 */
export const ERRORS = {
  TOKEN_DEVICE_FAILED: {
    code: 30201,
    msg: m(
      'Device check failed, token rejected, please log in again',
      '设备校验失败（token），请重新登录',
      '設備校驗失敗（token），請重新登入',
    ),
  },
  TOKEN_NOT_FOUND: {
    code: 30202,
    msg: m(
      'Login expired (token revoked), please log in again',
      '登录已失效（token 已撤销），请重新登录',
      '登入已失效（token 已撤銷），請重新登入',
    ),
  },
  TOKEN_EXPIRED: {
    code: 30203,
    msg: m(
      'Login expired (token expired), please log in again',
      '登录已过期（token 已过期），请重新登录',
      '登入已過期（token 已過期），請重新登入',
    ),
  },
  TOKEN_INVALID: {
    code: 30204,
    msg: m(
      'Not logged in or login expired (token check failed)',
      '未登录或登录已过期（token 校验未通过）',
      '未登入或登入已過期（token 校驗未通過）',
    ),
  },
  ENCRYPT_TOO_OLD: { code: 410, msg: m('The encrypted request is too old', '加密请求已过期', '加密請求已過期') },
  DECRYPT_FAILED: { code: 411, msg: m('The request could not be decrypted', '请求解密失败', '請求解密失敗') },
  RESPONSE_DECRYPT_FAILED: { code: 412, msg: m('The answer could not be decrypted', '响应解密失败', '回應解密失敗') },
  RETRYABLE: { code: 90001, msg: m('Something went wrong, please try again', '系统繁忙，请重试', '系統繁忙，請重試') },
  SYSTEM_ERROR: {
    http: 500,
    msg: m('Something went wrong on our side. Please try again later.', '系统错误，请稍后再试', '系統錯誤，請稍後再試'),
  },

  INVALID_PARAM: { msg: m('Invalid parameter: {field}', '参数错误：{field}', '參數錯誤：{field}') },
  INVALID_BODY: {
    http: 400,
    msg: m('The request body is not valid JSON', '请求体不是有效的 JSON', '請求體不是有效的 JSON'),
  },
  UNSUPPORTED_MEDIA_TYPE: {
    http: 415,
    msg: m(
      'Unsupported content type, send application/json',
      '不支持的内容类型，请使用 application/json',
      '不支援的內容類型，請使用 application/json',
    ),
  },
  PAYLOAD_TOO_LARGE: { http: 413, msg: m('The request is too large', '请求内容过大', '請求內容過大') },
  FUNCTION_NOT_FOUND: { http: 404, msg: m('Function not found: {url}', '云函数不存在：{url}', '雲函數不存在：{url}') },
  PERMISSION_DENIED: {
    http: 403,
    msg: m('You do not have permission to do this', '无权限执行此操作', '無權限執行此操作'),
  },
  RATE_LIMITED: {
    http: 429,
    msg: m('Too many requests, please slow down', '请求过于频繁，请稍后再试', '請求過於頻繁，請稍後再試'),
  },
  NOT_FOUND: { msg: m('Not found', '内容不存在', '內容不存在') },

  ACCOUNT_OR_PASSWORD_WRONG: { msg: m('Incorrect account or password', '账号或密码错误', '帳號或密碼錯誤') },
  ACCOUNT_LOCKED: {
    msg: m(
      'Too many wrong passwords. Password login is locked, try again in {minutes} minutes',
      '密码错误次数过多，密码登录已锁定，请 {minutes} 分钟后再试',
      '密碼錯誤次數過多，密碼登入已鎖定，請 {minutes} 分鐘後再試',
    ),
  },
  ACCOUNT_DISABLED: { msg: m('This account is disabled', '该账号已被停用', '該帳號已被停用') },
  USERNAME_TAKEN: { msg: m('This username is already taken', '该用户名已被注册', '該使用者名稱已被註冊') },
  EMAIL_TAKEN: {
    msg: m('This e-mail is already linked to another account', '该邮箱已被其他账号绑定', '該電子郵件已被其他帳號綁定'),
  },
  MOBILE_TAKEN: {
    msg: m(
      'This mobile number is already linked to another account',
      '该手机号已被其他账号绑定',
      '該手機號碼已被其他帳號綁定',
    ),
  },
  AGREEMENT_REQUIRED: {
    msg: m(
      'Please read and agree to the user agreement and privacy policy',
      '请阅读并同意用户协议和隐私政策',
      '請閱讀並同意使用者協議和隱私政策',
    ),
  },
  PASSWORDS_MISMATCH: { msg: m('The two passwords do not match', '两次输入的密码不一致', '兩次輸入的密碼不一致') },
  OLD_PASSWORD_WRONG: { msg: m('The current password is incorrect', '原密码错误', '原密碼錯誤') },
  PASSWORD_ALREADY_SET: {
    msg: m(
      'This account already has a password: change it with the current one',
      '该账号已设置密码，请使用原密码修改',
      '該帳號已設定密碼，請使用原密碼修改',
    ),
  },
  CODE_INVALID: { msg: m('The verification code is wrong or has expired', '验证码错误或已过期', '驗證碼錯誤或已過期') },
  CODE_TOO_FREQUENT: {
    msg: m(
      'A code was sent recently, please wait {seconds} seconds',
      '验证码发送过于频繁，请 {seconds} 秒后再试',
      '驗證碼發送過於頻繁，請 {seconds} 秒後再試',
    ),
  },
  EMAIL_NOT_BOUND: { msg: m('No e-mail is linked to this account', '当前账号未绑定邮箱', '目前帳號未綁定電子郵件') },
  MOBILE_NOT_BOUND: {
    msg: m('No mobile number is linked to this account', '当前账号未绑定手机号', '目前帳號未綁定手機號碼'),
  },
  ALREADY_BOUND: {
    msg: m(
      'This account already has one linked, change it instead',
      '当前账号已绑定，请使用更换功能',
      '當前帳號已綁定，請使用更換功能',
    ),
  },
  USER_NOT_FOUND: { msg: m('User does not exist', '用户不存在', '使用者不存在') },
  LOGIN_REQUIRED: { msg: m('Please log in first', '请先登录', '請先登入') },
  UPLOAD_FAILED: { msg: m('Upload failed', '上传失败', '上傳失敗') },
  FILE_TYPE_INVALID: {
    msg: m(
      'This file type is not allowed ({allowed})',
      '不支持该文件类型（{allowed}）',
      '不支援該檔案類型（{allowed}）',
    ),
  },
  FILE_TOO_LARGE: {
    msg: m('The file is too large (max {maxMb} MB)', '文件过大（最大 {maxMb} MB）', '檔案過大（最大 {maxMb} MB）'),
  },
  INVITE_CODE_INVALID: { msg: m('Invalid invitation code', '邀请码无效', '邀請碼無效') },
  ALREADY_INVITED: { msg: m('You have already accepted an invitation', '你已接受过邀请', '你已接受過邀請') },
  LAST_LOGIN_METHOD: {
    msg: m(
      'This is the only way left to sign in to this account. Set a password or link another first',
      '这是该账号唯一的登录方式，请先设置密码或绑定其他登录方式',
      '這是該帳號唯一的登入方式，請先設定密碼或綁定其他登入方式',
    ),
  },
  EMAIL_SEND_FAILED: {
    msg: m(
      'The e-mail could not be sent, please try again later',
      '邮件发送失败，请稍后再试',
      '郵件發送失敗，請稍後再試',
    ),
  },
  SMS_SEND_FAILED: {
    msg: m(
      'The text message could not be sent, please try again later',
      '短信发送失败，请稍后再试',
      '簡訊發送失敗，請稍後再試',
    ),
  },
  CANNOT_REMOVE_OWN_ADMIN: {
    msg: m('You cannot remove your own admin role', '不能移除自己的管理员角色', '不能移除自己的管理員角色'),
  },

  COURSE_FULL: {
    msg: m(
      'This class is full. Try another time or join the waitlist',
      '课程已满，请选择其他时段或加入候补',
      '課程已滿，請選擇其他時段或加入候補',
    ),
  },
  CANCEL_WINDOW_CLOSED: {
    msg: m(
      'Classes cannot be cancelled within {hours} hours before start',
      '课程开始前 {hours} 小时内不可取消',
      '課程開始前 {hours} 小時內不可取消',
    ),
  },
  PACKAGE_INVALID: {
    msg: m('No valid course package for this class', '没有可用于此课程的有效课包', '沒有可用於此課程的有效課包'),
  },
  ALREADY_BOOKED: { msg: m('You have already booked this class', '你已预约此课程', '你已預約此課程') },
  ALREADY_WAITLISTED: {
    msg: m('You are already on the waitlist for this class', '你已在此课程的候补名单中', '你已在此課程的候補名單中'),
  },
  WAITLIST_NOT_NEEDED: {
    msg: m('This class still has seats, book it directly', '该课程仍有名额，请直接预约', '該課程仍有名額，請直接預約'),
  },
  WAITLIST_CLOSED: { msg: m('The waitlist for this class is closed', '该课程候补已关闭', '該課程候補已關閉') },
  BOOKING_NOT_OPEN: {
    msg: m(
      'Booking opens {days} days before the class',
      '课程开始前 {days} 天开放预约',
      '課程開始前 {days} 天開放預約',
    ),
  },
  BOOKING_CLOSED: { msg: m('Booking for this class has closed', '该课程已停止预约', '該課程已停止預約') },
  SESSION_CANCELLED: { msg: m('This class has been cancelled', '该课程已取消', '該課程已取消') },
  SESSION_NOT_FOUND: { msg: m('Class not found', '课程不存在', '課程不存在') },
  RESERVATION_NOT_FOUND: { msg: m('Reservation not found', '预约不存在', '預約不存在') },
  RESERVATION_NOT_ACTIVE: { msg: m('This reservation is no longer active', '该预约已失效', '該預約已失效') },
  WAITLIST_NOT_FOUND: { msg: m('Waitlist entry not found', '候补记录不存在', '候補記錄不存在') },
  ALREADY_CHECKED_IN: { msg: m('Already checked in', '已签到', '已簽到') },
  CODE_NOT_FOUND: {
    msg: m('No reservation or order matches this code', '未找到与该码对应的预约或订单', '未找到與該碼對應的預約或訂單'),
  },
  NOT_YOUR_SESSION: { msg: m('This class is not taught by you', '这不是你的课程', '這不是你的課程') },
  CHECK_IN_NOT_OPEN: {
    msg: m(
      'Check-in opens {minutes} minutes before the class starts',
      '课程开始前 {minutes} 分钟开放签到',
      '課程開始前 {minutes} 分鐘開放簽到',
    ),
  },
  CHECK_IN_CLOSED: {
    msg: m(
      'Check-in for this class closed {minutes} minutes after it ended',
      '签到已于课程结束 {minutes} 分钟后关闭',
      '簽到已於課程結束 {minutes} 分鐘後關閉',
    ),
  },
  TEACHER_BUSY: {
    msg: m('The teacher already has a class at that time', '该老师在此时间已有课程', '該老師在此時間已有課程'),
  },
  ROOM_BUSY: {
    msg: m('The room is already in use at that time', '该教室在此时间已被占用', '該教室在此時間已被佔用'),
  },
  PACKAGE_NOT_FOUND: { msg: m('Package not found', '课程包不存在', '課程包不存在') },
  CREDITS_BELOW_ZERO: {
    msg: m(
      'Only {remaining} credits are left on this package to take away',
      '该课程包仅剩 {remaining} 次可扣减',
      '該課程包僅剩 {remaining} 次可扣減',
    ),
  },
  PACKAGE_LONG_TERM: {
    msg: m(
      'This package never expires: there is nothing to extend',
      '该课程包长期有效，无需延期',
      '該課程包長期有效，無需延期',
    ),
  },
  CAPACITY_BELOW_BOOKED: {
    msg: m(
      'The capacity cannot be below the {booked} members already booked',
      '容量不能少于已预约的 {booked} 人',
      '容量不能少於已預約的 {booked} 人',
    ),
  },
  TIME_RANGE_INVALID: {
    msg: m('The end time must be after the start time', '结束时间必须晚于开始时间', '結束時間必須晚於開始時間'),
  },
  SCHEDULE_RANGE_TOO_LONG: {
    msg: m(
      'The schedule shows at most {days} days at a time',
      '课表一次最多显示 {days} 天',
      '課表一次最多顯示 {days} 天',
    ),
  },
  SESSION_STARTED: {
    msg: m('This class has already started', '该课程已开始', '該課程已開始'),
  },
  WAITLIST_NOT_ACTIVE: {
    msg: m('You are no longer waiting for this class', '你已不在该课程的候补名单中', '你已不在該課程的候補名單中'),
  },

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
  ORDER_NOT_FOUND: { msg: m('Order not found', '订单不存在', '訂單不存在') },
  ORDER_STATUS_CHANGED: {
    msg: m(
      'This order is {status} now: refresh to see what you can do with it',
      '该订单当前为「{status}」，请刷新后再操作',
      '該訂單當前為「{status}」，請重新整理後再操作',
    ),
  },
  ORDER_EXPIRED: {
    msg: m(
      'This order was not paid in time and has been cancelled',
      '订单超时未支付，已自动取消',
      '訂單逾時未支付，已自動取消',
    ),
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
  REFUND_NOT_FOUND: {
    msg: m('No refund is waiting for this order', '该订单没有待处理的退款', '該訂單沒有待處理的退款'),
  },
  ALREADY_REVIEWED: { msg: m('This order has already been reviewed', '该订单已评价', '該訂單已評價') },
  REVIEW_NOT_ALLOWED: {
    msg: m('Orders can be reviewed once completed', '订单完成后才能评价', '訂單完成後才能評價'),
  },
  FEEDBACK_NOT_FOUND: { msg: m('Feedback not found or no permission', '反馈不存在或无权限', '回饋不存在或無權限') },
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorParams = Record<string, string | number>;

export function errorDef(name: ErrorName): ErrorDef {
  return ERRORS[name];
}

/** The envelope `code` for an error: the spec's number where it has one, else its name. */
export function envelopeCode(name: ErrorName): number | string {
  return (ERRORS[name] as ErrorDef).code ?? name;
}

export function httpStatus(name: ErrorName): number {
  return (ERRORS[name] as ErrorDef).http ?? 200;
}

export function interpolate(template: string, params: ErrorParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function errorMessage(name: ErrorName, locale: Locale, params?: ErrorParams): string {
  return interpolate(ERRORS[name].msg[locale], params);
}

const byEnvelopeCode = new Map<number | string, ErrorName>(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [envelopeCode(name), name]),
);

/** The error name for an envelope code, for clients that translate errors themselves. */
export function errorNameOf(code: number | string): ErrorName | undefined {
  return byEnvelopeCode.get(code);
}

/**
 * Codes after which the client must clear its token and send the user to login (spec section 8):
 * this server's numeric ones, and the named ones other uni-id back ends answer.
 */
export const TOKEN_ERROR_CODES: ReadonlySet<number | string> = new Set([
  30201,
  30202,
  30203,
  30204,
  1301,
  1302,
  'uni-id-token-expired',
  'uni-id-check-token-failed',
  'uni-id-token-not-exist',
  'uni-id-check-device-feature-failed',
  'TOKEN_INVALID',
]);

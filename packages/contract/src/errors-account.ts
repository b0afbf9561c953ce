import { type ErrorDef, m } from './error-def';

/** The protocol's own errors (tokens, encryption, bad input, limits) and accounts'. */
export const accountErrors = {
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
  TOO_MANY_CONNECTIONS: {
    http: 503,
    msg: m(
      'Too many requests from your address are still open, please try again shortly',
      '来自您的地址的未完成请求过多，请稍后再试',
      '來自您的位址的未完成請求過多，請稍後再試',
    ),
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
  MOBILE_INVALID: {
    msg: m(
      'This is not a mobile number we can text. A number from another country starts with + and its country code',
      '这不是可以接收短信的手机号。其他国家或地区的号码请以 + 和国家代码开头',
      '這不是可以接收簡訊的手機號碼。其他國家或地區的號碼請以 + 和國家代碼開頭',
    ),
  },
  PHONE_INVALID: {
    msg: m(
      'This is not a phone number. A number from another country starts with + and its country code',
      '这不是有效的电话号码。其他国家或地区的号码请以 + 和国家代码开头',
      '這不是有效的電話號碼。其他國家或地區的號碼請以 + 和國家代碼開頭',
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
  IMAGE_TOO_LARGE: {
    msg: m(
      'This picture has too many pixels (at most {maxMegapixels} megapixels), please choose a smaller one',
      '图片像素过多（最多 {maxMegapixels} 百万像素），请选择较小的图片',
      '圖片像素過多（最多 {maxMegapixels} 百萬像素），請選擇較小的圖片',
    ),
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
  /** Staff editing an announcement they withdrew (withdrawing is for good: write a new one). */
  NOTICE_WITHDRAWN: {
    msg: m(
      'This announcement was withdrawn and can no longer be changed',
      '该公告已撤回，无法再修改',
      '該公告已撤回，無法再修改',
    ),
  },
  /** A push subscription whose endpoint is not on a known push service (nor PUSH_ALLOWED_ORIGINS). */
  PUSH_ENDPOINT_REFUSED: {
    msg: m("This browser's push service is not supported", '不支持此浏览器的推送服务', '不支援此瀏覽器的推播服務'),
  },
  /** The studio has Web Push off (or no keys): nothing to subscribe to. */
  PUSH_OFF: {
    msg: m('The studio does not send push notifications', '门店未开启推送通知', '門店未開啟推播通知'),
  },
  /** "Send again" on a delivery whose member or device can no longer be reached that way. */
  DELIVERY_TARGET_GONE: {
    msg: m('This member can no longer be reached this way', '已无法通过此渠道联系该会员', '已無法透過此管道聯絡該會員'),
  },
  SMS_SEND_FAILED: {
    msg: m(
      'The text message could not be sent, please try again later',
      '短信发送失败，请稍后再试',
      '簡訊發送失敗，請稍後再試',
    ),
  },
  /** The draft to publish is gone (published by someone else meanwhile) or never was. */
  AGREEMENT_NOT_FOUND: {
    msg: m(
      'This draft no longer exists; reload to see the latest version',
      '该草稿已不存在，请刷新查看最新版本',
      '該草稿已不存在，請重新整理查看最新版本',
    ),
  },
  /** Accepting a version that is no longer the current one. */
  AGREEMENT_OUTDATED: {
    msg: m(
      'This agreement has been updated; please read the latest version',
      '协议已更新，请阅读最新版本',
      '協議已更新，請閱讀最新版本',
    ),
  },
} as const satisfies Record<string, ErrorDef>;

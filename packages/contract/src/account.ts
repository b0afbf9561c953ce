import { z } from 'zod';
import { shownVersions } from './agreements';
import { PERMISSIONS, permission } from './permissions';
import { defineCall, noInput, noOutput, tokenInfo } from './protocol';
import {
  account,
  birthday,
  code6,
  email,
  gender,
  id,
  isoDate,
  isoDateTime,
  mobile,
  nickname,
  paged,
  pageQuery,
  password,
  sortableListQuery,
  username,
} from './validators';

export const ROLES = ['member', 'teacher', 'admin'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** What a code is sent for; the same code cannot serve another purpose. */
export const CODE_PURPOSES = ['login', 'reset', 'bind', 'unbind'] as const;
export const codePurpose = z.enum(CODE_PURPOSES);
export type CodePurpose = z.infer<typeof codePurpose>;

/** Verification codes (RULES.md, Accounts): one send per target per interval; the form counts down from it. */
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_MINUTES = { sms: 3, email: 10 } as const;
export const CODE_MAX_ATTEMPTS = 5;

/** Images a member may upload (avatars): checked by content, not by name. */
export const UPLOAD_IMAGE_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** The answer of `POST /api/upload` (multipart field `file`), beside code and msg. */
export const uploadResult = z.object({ url: z.string(), file_id: z.string() });
export type UploadResult = z.infer<typeof uploadResult>;

export const userInfo = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  gender: gender,
  birthday: isoDate.nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.array(role),
  permission: z.array(z.string()),
  is_verify_staff: z.boolean(),
  my_invite_code: z.string(),
  hasPassword: z.boolean(),
  register_date: isoDateTime,
  account_balance: z.object({ balance: z.number().int() }),
  account_integral: z.object({ balance: z.number().int() }),
});
export type UserInfo = z.infer<typeof userInfo>;

export const invitedUser = z.object({
  _id: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  invited_at: isoDateTime,
});
export type InvitedUser = z.infer<typeof invitedUser>;

/** register and every login answer this. */
export const loginResult = z.object({
  uid: z.string(),
  userInfo,
  vk_uni_token: tokenInfo,
  needUpdateUserInfo: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;

const passwordPair = { password, password2: z.string().optional() };
const samePasswords = (v: { password: string; password2?: string }) =>
  v.password2 === undefined || v.password2 === v.password;
const mismatch = { message: 'passwordsMismatch', path: ['password2'] };

export const registerInput = z
  .object({
    username,
    ...passwordPair,
    agree: z.literal(true, { message: 'agreementRequired' }),
    invite_code: z.string().max(32).optional(),
    /** The agreement versions the form showed (contract agreements.ts); absent: the current ones. */
    agreements: shownVersions.optional(),
  })
  .strict()
  .refine(samePasswords, mismatch);

export const accountCalls = {
  register: defineCall('user/pub/register', registerInput, loginResult),
  login: defineCall(
    'user/pub/login',
    z.object({ username: account, password: z.string().min(1).max(64) }).strict(),
    loginResult,
  ),
  logout: defineCall('user/pub/logout', noInput, noOutput),
  checkToken: defineCall(
    'user/pub/checkToken',
    noInput,
    z.object({ uid: z.string(), role: z.array(role), permission: z.array(z.string()), tokenExpired: z.number().int() }),
  ),
  loginByToken: defineCall('user/pub/loginByToken', noInput, loginResult),
  sendEmailCode: defineCall('user/pub/sendEmailCode', z.object({ email, type: codePurpose }).strict(), noOutput),
  loginByEmail: defineCall('user/pub/loginByEmail', z.object({ email, code: code6 }).strict(), loginResult),
  resetPasswordByEmail: defineCall(
    'user/pub/resetPasswordByEmail',
    z
      .object({ email, code: code6, ...passwordPair })
      .strict()
      .refine(samePasswords, mismatch),
    noOutput,
  ),
  sendSmsCode: defineCall('user/pub/sendSmsCode', z.object({ mobile, type: codePurpose }).strict(), noOutput),
  loginBySms: defineCall('user/pub/loginBySms', z.object({ mobile, code: code6 }).strict(), loginResult),
  resetPasswordByMobile: defineCall(
    'user/pub/resetPasswordByMobile',
    z
      .object({ mobile, code: code6, ...passwordPair })
      .strict()
      .refine(samePasswords, mismatch),
    noOutput,
  ),
  updatePwd: defineCall(
    'user/kh/updatePwd',
    z
      .object({ oldPassword: z.string().min(1).max(64), newPassword: password, password2: z.string().optional() })
      .strict()
      .refine((v) => v.password2 === undefined || v.password2 === v.newPassword, mismatch),
    z.object({ vk_uni_token: tokenInfo }),
  ),
  /** First password of an account made by an e-mail or SMS code login (hasPassword false); no old password to give. */
  resetPwd: defineCall(
    'user/kh/resetPwd',
    z
      .object({ newPassword: password, password2: z.string().optional() })
      .strict()
      .refine((v) => v.password2 === undefined || v.password2 === v.newPassword, mismatch),
    z.object({ userInfo, vk_uni_token: tokenInfo }),
  ),
  updateUser: defineCall(
    'user/kh/updateUser',
    z
      .object({ nickname: nickname.optional(), gender: gender.optional(), birthday: birthday.nullable().optional() })
      .strict(),
    z.object({ userInfo }),
  ),
  /** avatar: the url of an image this member uploaded through POST /api/upload. */
  setAvatar: defineCall(
    'user/kh/setAvatar',
    z.object({ avatar: z.string().min(1).max(500) }).strict(),
    z.object({ userInfo }),
  ),
  getMyUserInfo: defineCall('user/kh/getMyUserInfo', noInput, z.object({ userInfo })),
  bindEmail: defineCall('user/kh/bindEmail', z.object({ email, code: code6 }).strict(), z.object({ userInfo })),
  unbindEmail: defineCall('user/kh/unbindEmail', z.object({ email, code: code6 }).strict(), z.object({ userInfo })),
  /** Change the bound e-mail: a code sent to the old address (type unbind) and one to the new (type bind). */
  bindNewEmail: defineCall(
    'user/kh/bindNewEmail',
    z.object({ oldCode: code6, email, code: code6 }).strict(),
    z.object({ userInfo }),
  ),
  bindMobile: defineCall('user/kh/bindMobile', z.object({ mobile, code: code6 }).strict(), z.object({ userInfo })),
  unbindMobile: defineCall('user/kh/unbindMobile', z.object({ mobile, code: code6 }).strict(), z.object({ userInfo })),
  bindNewMobile: defineCall(
    'user/kh/bindNewMobile',
    z.object({ oldCode: code6, mobile, code: code6 }).strict(),
    z.object({ userInfo }),
  ),
  getMyInfo: defineCall('client/user.getMyInfo', noInput, z.object({ userInfo })),
  /** Every member already has an invite code; this answers it (uni-id assigns one here when missing). */
  setUserInviteCode: defineCall('user/kh/setUserInviteCode', noInput, z.object({ my_invite_code: z.string() })),
  /** A member accepts one inviter, once. */
  acceptInvite: defineCall(
    'user/kh/acceptInvite',
    z.object({ invite_code: z.string().trim().min(1).max(32) }).strict(),
    noOutput,
  ),
  /** The members I invited, newest first. */
  getInvitedUser: defineCall('user/kh/getInvitedUser', z.object({ ...pageQuery }).strict(), paged(invitedUser)),
} as const;

export const adminUserRow = userInfo.pick({
  _id: true,
  username: true,
  nickname: true,
  avatar: true,
  email: true,
  mobile: true,
  role: true,
  permission: true,
  is_verify_staff: true,
  register_date: true,
});

/** The member list's filters: staff = any back-office permission, verification staff or admin. */
export const MEMBER_ROLE_FILTERS = ['teacher', 'admin', 'staff'] as const;
export const MEMBER_SORTS = ['register_date', 'nickname'] as const;
const memberFilters = { role: z.enum(MEMBER_ROLE_FILTERS).optional() };
export const memberListInput = z.object({ ...sortableListQuery(MEMBER_SORTS), ...memberFilters }).strict();
/** At most this many members go into one CSV export. */
export const MEMBER_EXPORT_LIMIT = 10_000;

export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUserCalls = {
  /** Members found by name, username, e-mail or mobile; newest first unless sorted. */
  getList: defineCall('admin/user.getList', memberListInput, paged(adminUserRow), { permission: 'members.manage' }),
  get: defineCall('admin/user.get', z.object({ _id: id }).strict(), z.object({ user: adminUserRow }), {
    permission: 'members.manage',
  }),
  /** The list as filtered (not paged, at most MEMBER_EXPORT_LIMIT rows) as a CSV file. */
  exportCsv: defineCall(
    'admin/user.exportCsv',
    memberListInput.omit({ pageIndex: true, pageSize: true }),
    z.object({ filename: z.string(), csv: z.string(), truncated: z.boolean() }),
    { permission: 'members.manage' },
  ),
  setRoles: defineCall(
    'admin/user.setRoles',
    z
      .object({
        user_id: id,
        roles: z.array(role).min(1),
        is_verify_staff: z.boolean(),
        /** Named permissions that grant single sys calls to a non-admin; unchanged when absent. */
        permission: z.array(permission).max(PERMISSIONS.length).optional(),
      })
      .strict(),
    z.object({ user: adminUserRow }),
    /** A caller without the admin role may grant neither the admin role nor a permission it lacks. */
    { permission: 'members.manage' },
  ),
} as const;

import { accountCalls } from '@studio/contract/account';
import { handle, handlePub } from '../../platform/protocol';
import { handleSerialized } from '../../platform/serialized-answer';
import { studioPhone } from '../merchant';
import * as contacts from './contacts';
import { EMAIL, MOBILE } from './contacts';
import * as invites from './invites';
import * as login from './login';
import * as account from './service';
import * as sessions from './sessions';

export const accountHandlers = [
  handlePub(accountCalls.register, (input, ctx) => login.register(ctx, input)),
  handlePub(accountCalls.login, (input, ctx) => login.loginWithPassword(ctx, input.username, input.password)),
  handlePub(accountCalls.logout, async (_input, ctx) => {
    // Signing out is refused for anonymous callers, with the token error the client understands.
    await sessions.logout(ctx);
    return {};
  }),
  handlePub(accountCalls.checkToken, async (_input, ctx) => {
    const user = await sessions.requireCaller(ctx);
    return { uid: user.uid, role: user.role, permission: user.permission, tokenExpired: user.exp };
  }),
  handlePub(accountCalls.loginByToken, (_input, ctx) => sessions.loginByToken(ctx)),

  handlePub(accountCalls.sendEmailCode, async (input, ctx) => {
    await contacts.sendCode(ctx, EMAIL, input.email, input.type);
    return {};
  }),
  handlePub(accountCalls.loginByEmail, (input, ctx) => contacts.loginByCode(ctx, EMAIL, input.email, input.code)),
  handlePub(accountCalls.resetPasswordByEmail, async (input, ctx) => {
    await contacts.resetPasswordByCode(ctx, EMAIL, input.email, input.code, input.password);
    return {};
  }),
  handlePub(accountCalls.sendSmsCode, async (input, ctx) => {
    await contacts.sendCode(ctx, MOBILE, await studioPhone(ctx, input.mobile), input.type);
    return {};
  }),
  handlePub(accountCalls.loginBySms, async (input, ctx) =>
    contacts.loginByCode(ctx, MOBILE, await studioPhone(ctx, input.mobile), input.code),
  ),
  handlePub(accountCalls.resetPasswordByMobile, async (input, ctx) => {
    await contacts.resetPasswordByCode(ctx, MOBILE, await studioPhone(ctx, input.mobile), input.code, input.password);
    return {};
  }),

  handle(accountCalls.updatePwd, (input, ctx) => login.updatePassword(ctx, input.oldPassword, input.newPassword)),
  handle(accountCalls.resetPwd, (input, ctx) => login.setFirstPassword(ctx, input.newPassword)),
  handle(accountCalls.updateUser, (input, ctx) => account.updateProfile(ctx, input)),
  handle(accountCalls.setAvatar, (input, ctx) => account.setAvatar(ctx, input.avatar)),
  // Answered pre-serialized (SerializedAnswer): the protocol splices it into the envelope unparsed.
  handleSerialized(accountCalls.getMyUserInfo, (_input, ctx) => account.myUserInfoAnswer(ctx)),
  handleSerialized(accountCalls.getMyInfo, (_input, ctx) => account.myUserInfoAnswer(ctx)),

  handle(accountCalls.bindEmail, (input, ctx) => contacts.bindContact(ctx, EMAIL, input.email, input.code)),
  handle(accountCalls.unbindEmail, (input, ctx) => contacts.unbindContact(ctx, EMAIL, input.email, input.code)),
  handle(accountCalls.bindNewEmail, (input, ctx) =>
    contacts.changeContact(ctx, EMAIL, input.oldCode, input.email, input.code),
  ),
  handle(accountCalls.bindMobile, async (input, ctx) =>
    contacts.bindContact(ctx, MOBILE, await studioPhone(ctx, input.mobile), input.code),
  ),
  handle(accountCalls.unbindMobile, async (input, ctx) =>
    contacts.unbindContact(ctx, MOBILE, await studioPhone(ctx, input.mobile), input.code),
  ),
  handle(accountCalls.bindNewMobile, async (input, ctx) =>
    contacts.changeContact(ctx, MOBILE, input.oldCode, await studioPhone(ctx, input.mobile), input.code),
  ),

  handle(accountCalls.setUserInviteCode, async (_input, ctx) => ({
    my_invite_code: (await account.getUserOrFail(ctx.db, ctx.user.uid)).inviteCode,
  })),
  handle(accountCalls.acceptInvite, async (input, ctx) => {
    await invites.acceptInvite(ctx, input.invite_code);
    return {};
  }),
  handle(accountCalls.getInvitedUser, (input, ctx) => invites.listInvited(ctx, input)),
];

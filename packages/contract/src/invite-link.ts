/*
 * The zod-free part of invitations (contract invitations.ts): what the member app's shell and its
 * shared code may import without loading zod.
 */

/** How long an opened invite link attributes the visitor who opened it (on this device). */
export const INVITE_LOCK_DAYS = 30;

/** The member app's My invitation page (web paths.invite): where an inviter's reward notice leads. */
export const INVITE_ROUTE = '/pages/common/invite';

/** The query parameter of the register page that carries an invite code. */
export const INVITE_CODE_PARAM = 'invite_code';

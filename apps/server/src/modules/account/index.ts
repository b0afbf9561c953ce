/**
 * The account module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { ensureAdmin } from './admin-bootstrap';
export { adminUserHandlers } from './admin-calls';
export { listUsers } from './admin-service';
export { accountHandlers } from './calls';
export { attachInviter, invitedBy, invitedCounts, inviterByCode, inviterOf, selfInviteReason } from './invites';
export { contactsOf, type MemberContact, memberIdsAfter } from './reach';
export { type MemberCard, memberContacts, membersJoinedIn, membersJoinedPer } from './report-sources';
export { accountSubscribers } from './security-mail';
export {
  briefsOf,
  countUsersSince,
  createUser,
  findUserByUsername,
  getUserOrFail,
  grantRole,
  idsOfUsersNamed,
  lockMember,
  memberNames,
  namesOf,
  uploadedImage,
} from './service';
export { authenticate, renewToken } from './sessions';
export { createTokenCache } from './token-cache';
export { saveUpload, uploadKeyOf, uploadRoutes } from './upload';

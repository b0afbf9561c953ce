import { adminUserCalls } from '@studio/contract/account';
import { handle } from '../../platform/protocol';
import * as admin from './admin-service';

/** Members and their access for the back office (sys group: members.manage; staff-rights rules in setRoles). */
export const adminUserHandlers = [
  handle(adminUserCalls.getList, (input, ctx) => admin.listUsers(ctx.db, input)),
  handle(adminUserCalls.get, (input, ctx) => admin.getUserForAdmin(ctx.db, input._id)),
  handle(adminUserCalls.exportCsv, (input, ctx) => admin.exportUsers(ctx.db, input, ctx.clock.now())),
  handle(adminUserCalls.setRoles, (input, ctx) => admin.setRoles(ctx, input)),
];

import { adminUserCalls } from '@studio/contract/account';
import { handle } from '../../platform/protocol';
import * as admin from './admin-service';

/** Staff and role management for the back office (sys group: admin role required). */
export const adminUserHandlers = [
  handle(adminUserCalls.getList, (input, ctx) => admin.listUsers(ctx.db, input)),
  handle(adminUserCalls.setRoles, (input, ctx) => admin.setRoles(ctx, input)),
];

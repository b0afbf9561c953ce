import { adminDashboardCalls } from '@studio/contract/dashboard';
import { holds } from '@studio/contract/permissions';
import { handle } from '../../platform/protocol';
import { getDashboard } from './service';

export const dashboardHandlers = [
  handle(adminDashboardCalls.get, (_input, ctx) =>
    getDashboard(ctx.db, ctx.config, ctx.clock.now(), {
      locale: ctx.locale,
      takings: holds(ctx.user, 'reports.view'),
    }),
  ),
];

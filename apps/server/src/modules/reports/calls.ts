import { adminReportCalls } from '@studio/contract/reports';
import { handle } from '../../platform/protocol';
import { liabilitiesCsv, revenueCsv } from './csv';
import * as reports from './service';

export const reportHandlers = [
  handle(adminReportCalls.revenue, (input, ctx) => reports.revenue(ctx.db, input)),
  handle(adminReportCalls.revenueCsv, async (input, ctx) => revenueCsv(await reports.revenue(ctx.db, input), input)),
  handle(adminReportCalls.liabilities, (_input, ctx) => reports.liabilities(ctx.db, ctx.clock.now())),
  handle(adminReportCalls.liabilitiesCsv, async (_input, ctx) =>
    liabilitiesCsv(await reports.liabilities(ctx.db, ctx.clock.now())),
  ),
];

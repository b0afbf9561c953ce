import { adminReportCalls } from '@studio/contract/reports';
import { handle } from '../../platform/protocol';
import { classesCsv, liabilitiesCsv, revenueCsv, salesCsv } from './csv';
import * as reports from './service';

/** The owner's reports (issue 26): each answers JSON, and its `.csv` form the same numbers as a file. */
export const reportHandlers = [
  handle(adminReportCalls.revenue, (input, ctx) => reports.revenue(ctx.db, input)),
  handle(adminReportCalls.revenueCsv, async (input, ctx) => revenueCsv(await reports.revenue(ctx.db, input), input)),
  handle(adminReportCalls.sales, (input, ctx) => reports.sales(ctx.db, input, ctx.locale)),
  handle(adminReportCalls.salesCsv, async (input, ctx) =>
    salesCsv(await reports.sales(ctx.db, input, ctx.locale), input),
  ),
  handle(adminReportCalls.classes, (input, ctx) => reports.classes(ctx.db, input, ctx.clock.now(), ctx.locale)),
  handle(adminReportCalls.classesCsv, async (input, ctx) =>
    classesCsv(await reports.classes(ctx.db, input, ctx.clock.now(), ctx.locale), input),
  ),
  handle(adminReportCalls.members, (input, ctx) => reports.members(ctx.db, input)),
  handle(adminReportCalls.membersCsv, (input, ctx) => reports.membersFile(ctx.db, input)),
  handle(adminReportCalls.liabilities, (_input, ctx) => reports.liabilities(ctx.db, ctx.clock.now())),
  handle(adminReportCalls.liabilitiesCsv, async (_input, ctx) =>
    liabilitiesCsv(await reports.liabilities(ctx.db, ctx.clock.now())),
  ),
];

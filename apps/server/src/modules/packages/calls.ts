import { adminClassCalls, courseCalls } from '@studio/contract/course';
import { pageOf } from '../../platform/paging';
import { handle } from '../../platform/protocol';
import * as packages from './service';

export const packageHandlers = [
  handle(courseCalls.getMyPackages, async (input, ctx) => ({
    rows: await packages.listMyPackages(ctx.db, ctx.user.uid, ctx.clock.now(), input.status),
  })),
  handle(adminClassCalls.grantPackage, async (input, ctx) => {
    const now = ctx.clock.now();
    const row = await packages.grantPackage(ctx.db, input, ctx.user.uid, now);
    return { package: { ...packages.toPackageRecord(row, now), user_id: row.userId } };
  }),
  handle(adminClassCalls.getPackageList, async (input, ctx) => {
    const now = ctx.clock.now();
    const { rows, total } = await packages.listPackagesForAdmin(
      ctx.db,
      { userId: input.user_id, status: input.status },
      input,
      now,
    );
    return pageOf(
      rows.map((r) => ({ ...packages.toPackageRecord(r, now), user_id: r.userId })),
      total,
      input,
    );
  }),
];

import { adminPackageCalls, packageCalls } from '@studio/contract/packages';
import { pageOf } from '../../platform/paging';
import { handle } from '../../platform/protocol';
import * as packages from './service';

export const packageHandlers = [
  handle(packageCalls.getMyPackages, async (input, ctx) => ({
    rows: await packages.listMyPackages(ctx.db, ctx.user.uid, ctx.clock.now(), input.status, ctx.locale),
  })),
  handle(adminPackageCalls.grantPackage, async (input, ctx) => {
    const now = ctx.clock.now();
    const row = await packages.grantPackage(ctx, input, now);
    return { package: packages.toAdminPackageRecord(row, now, ctx.locale) };
  }),
  handle(adminPackageCalls.getPackageList, async (input, ctx) => {
    const now = ctx.clock.now();
    const { rows, total } = await packages.listPackagesForAdmin(
      ctx.db,
      { userId: input.user_id, status: input.status },
      input,
      now,
    );
    return pageOf(
      rows.map((r) => packages.toAdminPackageRecord(r, now, ctx.locale)),
      total,
      input,
    );
  }),
  handle(adminPackageCalls.adjustCredits, async (input, ctx) => ({
    package: packages.toAdminPackageRecord(await packages.adjustCredits(ctx, input), ctx.clock.now(), ctx.locale),
  })),
  handle(adminPackageCalls.extend, async (input, ctx) => ({
    package: packages.toAdminPackageRecord(await packages.extendPackage(ctx, input), ctx.clock.now(), ctx.locale),
  })),
];

import { adminFreightCalls } from '@studio/contract/freight';
import { pageOf } from '../../platform/paging';
import { handle } from '../../platform/protocol';
import * as freight from './service';

export const freightHandlers = [
  handle(adminFreightCalls.save, async (input, ctx) => ({
    rule: freight.toFreightRuleRecord(await freight.saveFreightRule(ctx, input)),
  })),
  handle(adminFreightCalls.getList, async (input, ctx) => {
    const { rows, total } = await freight.listFreightRules(ctx.db, input);
    return pageOf(rows.map(freight.toFreightRuleRecord), total, input);
  }),
];

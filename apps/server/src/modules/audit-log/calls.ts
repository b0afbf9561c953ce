import { adminAuditCalls, auditChangesOfKind } from '@studio/contract/audit';
import { pageOf } from '../../platform/paging';
import { handle } from '../../platform/protocol';
import { listEntries } from '../audit';
import { getMerchant } from '../merchant';
import { resolveRange } from '../schedule';
import { describeEntries } from './sentences';

export const auditHandlers = [
  handle(adminAuditCalls.getList, async (input, ctx) => {
    const { timezone } = await getMerchant(ctx.db);
    const from = input.date_from ? resolveRange(input.date_from, input.date_from, timezone).from : undefined;
    const to = input.date_to ? resolveRange(input.date_to, input.date_to, timezone).to : undefined;
    const { rows, total } = await listEntries(
      ctx.db,
      {
        actorId: input.actor_id,
        changes: input.kind ? auditChangesOfKind(input.kind) : undefined,
        objectType: input.object_type,
        objectId: input.object_id,
        from,
        to,
      },
      input,
    );
    // Who, and what each entry says: names looked up once for the page (sentences.ts).
    return pageOf(await describeEntries(ctx.db, rows, ctx.clock.now(), ctx.locale), total, input);
  }),
];

import { type AuditEntry, adminAuditCalls } from '@studio/contract/audit';
import { pageOf } from '../../platform/paging';
import { handle } from '../../platform/protocol';
import { namesOf } from '../account';
import { listEntries } from '../audit';
import { getMerchant } from '../merchant';
import { resolveRange } from '../schedule';

export const auditHandlers = [
  handle(adminAuditCalls.getList, async (input, ctx) => {
    const { timezone } = await getMerchant(ctx.db);
    const from = input.date_from ? resolveRange(input.date_from, input.date_from, timezone).from : undefined;
    const to = input.date_to ? resolveRange(input.date_to, input.date_to, timezone).to : undefined;
    const { rows, total } = await listEntries(
      ctx.db,
      { actorId: input.actor_id, objectType: input.object_type, objectId: input.object_id, from, to },
      input,
    );
    // Who: through the account module, one query for the page.
    const names = await namesOf(ctx.db, [...new Set(rows.map((r) => r.actorId))]);
    const entries: AuditEntry[] = rows.map((r) => ({
      _id: r.id,
      at: r.at.toISOString(),
      actor: { _id: r.actorId, nickname: names.get(r.actorId) ?? '' },
      action: r.action,
      object_type: r.objectType,
      object_id: r.objectId,
      before: r.before,
      after: r.after,
    }));
    return pageOf(entries, total, input);
  }),
];

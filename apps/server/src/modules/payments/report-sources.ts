// The money of orders as a row source the reports compose into their own statements (the orders
// module groups it by what was sold), so a report stays one grouped query while this module keeps its
// tables to itself. Read only: nothing here locks a row.
import { type SQL, sql } from 'drizzle-orm';
import { instant } from '../../platform/db';
import { paymentRefunds, payments } from './schema';

/**
 * Money that moved for orders in [from, to): each settled order payment by its settled time
 * (`taken`) and each settled refund row by its settled time (`refunded`), with the method it went by
 * (the desk's cash or card terminal, else the provider: balance, sandbox, stripe...). Columns:
 * ref (order number), at, taken, refunded, method, paid (true on a payment row: one per paid order).
 * Reads payments_settled_idx and payment_refunds_settled_idx (a refund's payment by its key: the planner
 * would hash every payment for a few refunds).
 */
export function orderMoneyMoves(from: Date, to: Date): SQL {
  return sql`(
    select ${payments.ref} as ref, ${payments.settledAt} as at, ${payments.amount} as taken, 0 as refunded,
      coalesce(${payments.method}, ${payments.provider}) as method, true as paid
    from ${payments}
    where ${payments.status} = 'succeeded' and ${payments.purpose} = 'order'
      and ${payments.settledAt} >= ${instant(from)} and ${payments.settledAt} < ${instant(to)}
    union all
    select r.ref, r.settled_at, 0, r.amount,
      case when r.provider = p.provider then coalesce(p.method, r.provider) else r.provider end, false
    from ${paymentRefunds} r
    cross join lateral (select provider, method from ${payments} p where p.id = r.payment_id limit 1) p
    where r.status = 'succeeded' and r.settled_at >= ${instant(from)} and r.settled_at < ${instant(to)}
  )`;
}

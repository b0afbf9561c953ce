import { inTransaction, type Subscriber } from '../../platform/events';
import { returnStock } from './service';

/** What the catalog does when something happens: a cancelled order's units go back on the shelf (lock order 1: SKUs, by id). */
export const catalogSubscribers: Subscriber[] = [
  inTransaction('order.cancelled', 'catalog.returnStock', (work, e) =>
    returnStock(
      work.tx,
      e.payload.lines.map((l) => ({ skuId: l.sku_id, quantity: l.quantity })),
      e.at,
    ),
  ),
];

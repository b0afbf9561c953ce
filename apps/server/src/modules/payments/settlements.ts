import { settleOrderPayment } from '../orders/service';
import { settleTopUp } from '../wallet/service';
import type { Settlers } from './service';

/** What a settled payment does, by purpose: the modules that own each. */
export const settlers: Settlers = { order: settleOrderPayment, top_up: settleTopUp };

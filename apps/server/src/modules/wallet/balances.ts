import type { BalanceReader } from '../../platform/deps';
import { readBalance } from './service';

/** The user info's balances: the wallet's money and points. */
export const walletBalances: BalanceReader = async (db, userId) => ({
  balance: await readBalance(db, userId, 'money'),
  integral: await readBalance(db, userId, 'points'),
});

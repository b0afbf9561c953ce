import type { BalanceReader } from '../../platform/deps';
import { readBalances } from './service';

/** The user info's balances: the wallet's money and points, in one read. */
export const walletBalances: BalanceReader = async (db, userId) => {
  const { money, points } = await readBalances(db, userId);
  return { balance: money, integral: points };
};

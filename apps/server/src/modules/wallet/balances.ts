import type { BalanceReader } from '../../platform/deps';
import { readWalletBalance } from './service';

/** The user info's balances: the wallet's; points come with the points module (0 until then). */
export const walletBalances: BalanceReader = async (db, userId) => ({
  balance: await readWalletBalance(db, userId),
  integral: 0,
});

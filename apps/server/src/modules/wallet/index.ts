/**
 * The wallet module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { walletBalances } from './balances';
export { walletHandlers } from './calls';
export { walletFlows, walletHoldings } from './reports';
export { creditWallet, postPointsEntry, postWalletEntry, readBalance, settleRefundedOrderPoints } from './service';
export { walletSubscribers } from './subscribers';

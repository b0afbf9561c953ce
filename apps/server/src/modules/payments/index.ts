/**
 * The payments module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export { paymentHandlers } from './calls';
export { orderMoneyVersion } from './order-money-version';
export {
  type PaymentRefundRow,
  type RefundMoney,
  refundableOf,
  refundMoney,
  refundOrderPayment,
  repayFailedRefund,
} from './refunds';
export { orderMoneyMoves } from './report-sources';
export { paymentRoutes } from './routes';
export {
  cardProvidersOf,
  openCardPayment,
  paidAmounts,
  recordSettledPayment,
  reserveCardPayment,
  type StaffTakenPayment,
  staffTakenPayments,
  usablePayTypes,
} from './service';
export { paymentSubscribers } from './subscribers';
export { isTestMode } from './test-mode';

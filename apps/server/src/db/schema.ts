// Every module's tables, gathered for drizzle (queries with relations) and drizzle-kit (migrations).
export * from '../modules/account/schema';
export * from '../modules/addresses/schema';
export * from '../modules/audit/schema';
export * from '../modules/calendar/schema';
export * from '../modules/cart/schema';
export * from '../modules/catalog/schema';
export * from '../modules/freight/schema';
export * from '../modules/merchant/schema';
export * from '../modules/notifications/schema';
export * from '../modules/orders/schema';
export * from '../modules/packages/schema';
export * from '../modules/payments/schema';
export * from '../modules/reservations/schema';
export * from '../modules/schedule/schema';
export * from '../modules/wallet/schema';
export * from '../platform/message-outbox-schema';
export * from '../platform/push-outbox-schema';

import type { Config } from '../config';
import type { AppDeps } from '../platform/deps';
import { registerSubscribers, type Subscriber } from '../platform/events';
import type { RegisteredCall } from '../platform/protocol';
import type { RawRoute } from '../platform/raw-routes';
import type { Sweep } from '../platform/sweeper';
import { adminUserHandlers } from './account/admin-calls';
import { accountHandlers } from './account/calls';
import { uploadRoutes } from './account/upload';
import { addressHandlers } from './addresses/calls';
import { auditHandlers } from './audit/calls';
import { calendarHandlers } from './calendar/calls';
import { calendarRoutes } from './calendar/routes';
import { cartHandlers } from './cart/calls';
import { catalogHandlers, catalogSweeps } from './catalog/calls';
import { couponHandlers } from './coupons/calls';
import { dashboardHandlers } from './dashboard/calls';
import { freightHandlers } from './freight/calls';
import { merchantHandlers } from './merchant/calls';
import { notificationHandlers } from './notifications/calls';
import { notificationSubscribers } from './notifications/subscribers';
import { orderHandlers, orderSweeps } from './orders/calls';
import { orderSubscribers } from './orders/subscribers';
import { packageHandlers } from './packages/calls';
import { paymentHandlers, paymentSweeps } from './payments/calls';
import { paymentRoutes } from './payments/routes';
import { reservationHandlers } from './reservations/calls';
import { reservationSweeps } from './reservations/sweeps';
import { reviewHandlers } from './reviews/calls';
import { scheduleHandlers } from './schedule/calls';
import { teacherHandlers, verifyHandlers } from './teacher/calls';
import { walletHandlers } from './wallet/calls';
import { walletSubscribers } from './wallet/subscribers';

/** Every call the API answers: add a module's handlers here. */
export const allCalls: RegisteredCall[] = [
  ...accountHandlers,
  ...adminUserHandlers,
  ...merchantHandlers,
  ...scheduleHandlers,
  ...packageHandlers,
  ...reservationHandlers,
  ...notificationHandlers,
  ...teacherHandlers,
  ...verifyHandlers,
  ...calendarHandlers,
  ...dashboardHandlers,
  ...auditHandlers,
  ...catalogHandlers,
  ...cartHandlers,
  ...freightHandlers,
  ...addressHandlers,
  ...walletHandlers,
  ...orderHandlers,
  ...paymentHandlers,
  ...couponHandlers,
  ...reviewHandlers,
];

/** Every sweep the sweeper runs (platform/sweeper.ts): add a module's sweeps here. */
export const allSweeps = (deps: AppDeps, config: Config): Sweep[] => [
  ...reservationSweeps,
  ...catalogSweeps,
  ...orderSweeps(deps),
  ...paymentSweeps(config),
];

/**
 * Every reaction to a domain event (platform/events.ts): add a module's subscribers here. In-transaction
 * ones run in the order listed; they are registered as this file loads, so every unit of work in the
 * process (the app's, the seed's) runs them.
 */
export const allSubscribers: Subscriber[] = [...orderSubscribers, ...walletSubscribers, ...notificationSubscribers];
registerSubscribers(allSubscribers);

/**
 * Every HTTP route outside the call protocol (platform/raw-routes.ts): uploads, the .ics feed, and
 * next the payment webhooks that need the raw body. Add a module's raw routes here, never in app.ts.
 */
export const allRoutes: RawRoute[] = [uploadRoutes, calendarRoutes, paymentRoutes];

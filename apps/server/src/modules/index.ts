import type { Config } from '../config';
import type { AppDeps } from '../platform/deps';
import { registerSubscribers, type Subscriber } from '../platform/events';
import type { RegisteredCall } from '../platform/protocol';
import type { RawRoute } from '../platform/raw-routes';
import type { Sweep } from '../platform/sweeper';
import { accountHandlers, accountSubscribers, adminUserHandlers, uploadRoutes } from './account';
import { addressHandlers } from './addresses';
import { agreementHandlers, agreementSubscribers } from './agreements';
import { auditHandlers } from './audit-log';
import { calendarHandlers, calendarRoutes } from './calendar';
import { cartHandlers } from './cart';
import { catalogHandlers, catalogSubscribers, catalogSweeps } from './catalog';
import { channelHandlers, channelSubscribers, channelSweeps, unsubscribeRoutes } from './channels';
import { couponHandlers, couponSubscribers, couponSweeps } from './coupons';
import { dashboardHandlers } from './dashboard';
import { feedbackHandlers } from './feedback';
import { freightHandlers } from './freight';
import { invitationHandlers, invitationSubscribers } from './invitations';
import {
  announcementSubscribers,
  notificationHandlers,
  notificationSubscribers,
  notificationSweeps,
} from './notifications';
import { orderHandlers, orderSubscribers, orderSweeps } from './orders';
import { packageHandlers, packageSubscribers, packageSweeps } from './packages';
import { paymentHandlers, paymentRoutes, paymentSubscribers } from './payments';
import { reportHandlers } from './reports';
import { reservationHandlers, reservationSweeps } from './reservations';
import { reviewHandlers } from './reviews';
import { scheduleHandlers } from './schedule';
import { appIndexRoutes, appManifestRoutes, merchantHandlers } from './studio';
import { teacherHandlers, verifyHandlers } from './teacher';
import { walletHandlers, walletSubscribers } from './wallet';

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
  ...invitationHandlers,
  ...feedbackHandlers,
  ...channelHandlers,
  ...agreementHandlers,
  ...reportHandlers,
];

/** Every sweep the sweeper runs (platform/sweeper.ts): add a module's sweeps here. */
export const allSweeps = (deps: AppDeps, config: Config): Sweep[] => [
  ...reservationSweeps(deps),
  ...catalogSweeps,
  ...orderSweeps(deps),
  ...packageSweeps(deps),
  ...couponSweeps(deps),
  ...notificationSweeps(deps),
  ...channelSweeps(deps, config),
];

/**
 * Every reaction to a domain event (platform/events.ts): add a module's subscribers here. They are
 * registered as this file loads, so every unit of work in the process (the app's, the seed's) runs them.
 *
 * In-transaction subscribers of one event run in the order listed, so the modules are listed in the
 * global lock order (platform/unit-of-work.ts) of the rows their subscribers lock: payments (0: the
 * payment row), orders (0: the order), catalog (1: SKUs), coupons (3), packages (4), wallet (5: the
 * wallet account, then 6: points); after-commit subscribers (notifications) lock nothing of theirs in
 * the emitter's transaction. `order.cancelled` thus returns the stock, then the coupon, then the
 * points; a module whose subscribers lock rows goes where its rows are in that order.
 */
export const allSubscribers: Subscriber[] = [
  ...paymentSubscribers,
  ...orderSubscribers,
  ...catalogSubscribers,
  ...couponSubscribers,
  ...packageSubscribers,
  ...walletSubscribers,
  ...notificationSubscribers,
  ...announcementSubscribers,
  ...channelSubscribers,
  ...accountSubscribers,
  ...invitationSubscribers,
  ...agreementSubscribers,
];
registerSubscribers(allSubscribers);

/**
 * Every HTTP route outside the call protocol (platform/raw-routes.ts): uploads, the .ics feed, and
 * next the payment webhooks that need the raw body. Add a module's raw routes here, never in app.ts.
 */
export const allRoutes: RawRoute[] = [
  uploadRoutes,
  calendarRoutes,
  paymentRoutes,
  appIndexRoutes,
  appManifestRoutes,
  unsubscribeRoutes,
];

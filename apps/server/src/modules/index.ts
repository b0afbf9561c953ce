import type { RegisteredCall } from '../platform/protocol';
import type { Sweep } from '../platform/sweeper';
import { adminUserHandlers } from './account/admin-calls';
import { accountHandlers } from './account/calls';
import { calendarHandlers } from './calendar/calls';
import { merchantHandlers } from './merchant/calls';
import { notificationHandlers } from './notifications/calls';
import { packageHandlers } from './packages/calls';
import { reservationHandlers } from './reservations/calls';
import { reservationSweeps } from './reservations/service';
import { scheduleHandlers } from './schedule/calls';
import { teacherHandlers, verifyHandlers } from './teacher/calls';

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
];

/** Every sweep the sweeper runs (platform/sweeper.ts): add a module's sweeps here. */
export const allSweeps: Sweep[] = [...reservationSweeps];

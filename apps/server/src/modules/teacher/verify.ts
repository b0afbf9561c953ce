import type { ScanResult } from '@studio/contract/teacher';
import { fail } from '../../platform/errors';
import type { AuthedContext, AuthUser } from '../../platform/protocol';
import { getUserOrFail } from '../account';
import { completePickup } from '../orders';
import * as reservationReads from '../reservations';
import { checkInWithinWindow } from './service';

/** Scanning is for verification staff (is_verify_staff) and admins. */
export function assertVerifyStaff(user: AuthUser): void {
  if (!user.isVerifyStaff && !user.role.includes('admin')) fail('PERMISSION_DENIED');
}

/**
 * One kind of code staff can scan. `verify` answers null when the code is not of its kind (the next
 * resolver is tried), verifies it (throwing the named error when it cannot be) and answers what it
 * verified.
 */
export interface CodeResolver {
  kind: ScanResult['kind'];
  verify(ctx: AuthedContext, code: string): Promise<ScanResult | null>;
}

/** A member's reservation QR: checks the member in (any teacher's class, inside the check-in window). */
export const reservationCodes: CodeResolver = {
  kind: 'reservation',
  async verify(ctx, code) {
    const row = await reservationReads.findReservationByCode(ctx.db, code);
    if (!row) return null;
    const reservation = await checkInWithinWindow(ctx, row, ctx.user.uid);
    const member = await getUserOrFail(ctx.db, row.userId);
    return {
      kind: 'reservation',
      reservation: {
        ...reservation,
        member: { _id: member.id, nickname: member.nickname || member.username || '', avatar: member.avatar },
      },
    };
  },
};

/** A paid pickup order's code: the order is handed over and completes. */
export const pickupCodes: CodeResolver = {
  kind: 'order',
  async verify(ctx, code) {
    const order = await completePickup(ctx, code);
    return order ? { kind: 'order', order } : null;
  },
};

/** Tried in order. */
export const codeResolvers: CodeResolver[] = [reservationCodes, pickupCodes];

/** Verifies whatever the code names, or CODE_NOT_FOUND. */
export async function scan(ctx: AuthedContext, code: string): Promise<ScanResult> {
  assertVerifyStaff(ctx.user);
  for (const resolver of codeResolvers) {
    const result = await resolver.verify(ctx, code);
    if (result) return result;
  }
  return fail('CODE_NOT_FOUND');
}

import type { CodePreview, ScanResult } from '@studio/contract/teacher';
import { fail } from '../../platform/errors';
import type { AuthedContext, AuthUser } from '../../platform/protocol';
import { briefsOf, getUserOrFail } from '../account';
import { completePickup, findPickup } from '../orders';
import * as reservationReads from '../reservations';
import { checkInWithinWindow } from './service';

/** Scanning is for verification staff (is_verify_staff) and admins. */
export function assertVerifyStaff(user: AuthUser): void {
  if (!user.isVerifyStaff && !user.role.includes('admin')) fail('PERMISSION_DENIED');
}

/**
 * One kind of code staff can scan. `look` and `verify` answer null when the code is not of its kind
 * (the next resolver is tried); `look` says what the code names, changing nothing; `verify` verifies
 * it (throwing the named error when it cannot be) and answers what it verified.
 */
export interface CodeResolver {
  kind: ScanResult['kind'];
  look(ctx: AuthedContext, code: string): Promise<CodePreview | null>;
  verify(ctx: AuthedContext, code: string): Promise<ScanResult | null>;
}

/** A member's reservation QR: checks the member in (any teacher's class, inside the check-in window). */
export const reservationCodes: CodeResolver = {
  kind: 'reservation',
  async look(ctx, code) {
    return (await reservationReads.findReservationByCode(ctx.db, code)) ? { kind: 'reservation' } : null;
  },
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
  async look(ctx, code) {
    const found = await findPickup(ctx, code);
    if (!found) return null;
    const { handover } = found;
    const ids = [found.userId, ...(handover?.by ? [handover.by] : [])];
    const briefs = await briefsOf(ctx.db, ids);
    const nameOf = (id: string) => briefs.get(id)?.nickname ?? '';
    return {
      kind: 'order',
      order: found.order,
      member: { _id: found.userId, nickname: nameOf(found.userId), avatar: briefs.get(found.userId)?.avatar || null },
      picked_up: handover
        ? {
            at: handover.at.toISOString(),
            by: { _id: handover.by, nickname: handover.by ? nameOf(handover.by) : '' },
          }
        : null,
    };
  },
  async verify(ctx, code) {
    const order = await completePickup(ctx, code);
    return order ? { kind: 'order', order } : null;
  },
};

/** Tried in order. */
export const codeResolvers: CodeResolver[] = [reservationCodes, pickupCodes];

/** What the code names (nothing changed), or CODE_NOT_FOUND. */
export async function lookup(ctx: AuthedContext, code: string): Promise<CodePreview> {
  assertVerifyStaff(ctx.user);
  for (const resolver of codeResolvers) {
    const preview = await resolver.look(ctx, code);
    if (preview) return preview;
  }
  return fail('CODE_NOT_FOUND');
}

/** Verifies whatever the code names, or CODE_NOT_FOUND. */
export async function scan(ctx: AuthedContext, code: string): Promise<ScanResult> {
  assertVerifyStaff(ctx.user);
  for (const resolver of codeResolvers) {
    const result = await resolver.verify(ctx, code);
    if (result) return result;
  }
  return fail('CODE_NOT_FOUND');
}

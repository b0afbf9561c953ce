import { verifyCalls } from '@studio/contract/teacher';
import { call } from '@/shared/api/call-function';
import { invalidateClassData } from '@/shared/classes/class-queries';

/** What a member's code names (client/verify.lookup), changing nothing: whose pickup order, or a reservation. */
export function lookupCode(code: string) {
  return call(verifyCalls.lookup, { code: code.trim() });
}

/** Verifies a member's code (client/verify.scan): a reservation is checked in, a pickup order handed over. */
export async function verifyCode(code: string) {
  try {
    return await call(verifyCalls.scan, { code: code.trim() });
  } finally {
    void invalidateClassData();
  }
}

import { verifyCalls } from '@studio/contract/teacher';
import { call } from '@/shared/api/call-function';
import { invalidateClassData } from '@/shared/classes/class-queries';

/** Verifies a member's code (client/verify.scan): a reservation is checked in. */
export async function verifyCode(code: string) {
  try {
    return await call(verifyCalls.scan, { code: code.trim() });
  } finally {
    void invalidateClassData();
  }
}

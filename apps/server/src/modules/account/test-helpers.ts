import { desc, sql } from 'drizzle-orm';
import { outbox } from '../../platform/message-outbox-schema';
import type { TestApp } from '../../testing/test-app';

/** Every message recorded for a recipient, newest first. */
export function outboxFor(t: TestApp, recipient: string) {
  return t.app.db
    .select()
    .from(outbox)
    .where(sql`lower(${outbox.recipient}) = lower(${recipient})`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** The code in the newest message to a target, read from the outbox as a developer would (never from an answer). */
export async function latestCode(t: TestApp, target: string): Promise<string> {
  const [row] = await outboxFor(t, target);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${target}`);
  return code;
}

/** A six-digit code that differs from `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

let serial = 0;
/** An e-mail address and a mobile number (E.164, a mainland one: +86 and 11 digits) no other test in this run uses. */
export function uniqueContact(): { email: string; mobile: string } {
  serial += 1;
  const n = `${process.pid % 10000}`.padStart(4, '0') + `${serial}`.padStart(5, '0');
  return { email: `m${n}@example.com`, mobile: `+8613${n}` };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  SANDBOX_PAY_PATH,
  type SandboxCharge,
  type SandboxNotification,
  sandboxNotification,
} from '@studio/contract/payments';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { randomDigits } from '../../platform/ids';
import { runUnitOfWork, type UnitOfWorkDeps } from '../../platform/unit-of-work';
import { type ConfirmationOutcome, confirmPayment } from './confirmations';
import { issuesOf, logNotification, parseJson, providerAmount, providerText } from './notifications';
import { sandboxCharges } from './schema';
import type { PaymentProvider } from './service';

/*
 * The sandbox provider (the demo's test card): a charge the member decides on the sandbox page, then
 * a signed notification through the same door as a real provider's.
 */

export function sandboxPayUrl(outTradeNo: string): string {
  return `${SANDBOX_PAY_PATH}?out_trade_no=${encodeURIComponent(outTradeNo)}`;
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async prepare(tx, payment, description) {
    await tx
      .insert(sandboxCharges)
      .values({ id: payment.id, amount: payment.amount, description, createdAt: payment.createdAt });
  },
  async start(_db, payment) {
    return { payUrl: sandboxPayUrl(payment.id) };
  },
};

type ChargeRow = typeof sandboxCharges.$inferSelect;
const toCharge = (row: ChargeRow): SandboxCharge => ({
  out_trade_no: row.id,
  amount: row.amount,
  description: row.description,
  status: row.status,
});

export async function getSandboxCharge(db: DbOrTx, outTradeNo: string): Promise<SandboxCharge> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, outTradeNo));
  if (!row) fail('NOT_FOUND', {}, { field: 'out_trade_no' });
  return toCharge(row!);
}

export function signSandbox(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signSandbox(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/**
 * The notification as the studio reads it: the contract's shape, and ids that are text PostgreSQL
 * stores (no NUL, no control character) and an amount its columns hold.
 */
const sandboxBody = sandboxNotification.extend({
  event_id: providerText(64),
  out_trade_no: providerText(64),
  amount: providerAmount,
});

export interface NotifyAnswer {
  status: 200 | 400;
  outcome: ConfirmationOutcome | 'bad_signature' | 'bad_body';
}

/**
 * `POST /api/pay/notify/sandbox`: the sandbox provider's signed notification. A bad or missing
 * signature → 400 and nothing changes; a signed body that is not a notification (not JSON, another
 * shape, an id holding a NUL) → 400, logged, and nothing changes; a replay → 200 and nothing
 * changes; an amount that differs → 400, logged.
 */
export async function receiveSandboxNotification(
  deps: UnitOfWorkDeps & { log?: FastifyBaseLogger },
  secret: string,
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<NotifyAnswer> {
  if (!signatureMatches(secret, rawBody, signature)) return { status: 400, outcome: 'bad_signature' };
  const json = parseJson(rawBody);
  const parsed = sandboxBody.safeParse(json);
  if (!parsed.success) {
    const sent = json !== null && typeof json === 'object' ? (json as { event_id?: unknown }) : {};
    logNotification(
      deps.log,
      { provider: 'sandbox', eventId: sent.event_id, outcome: 'bad_body', issues: issuesOf(parsed.error) },
      'payment notification refused: a signed body that is not a notification',
    );
    return { status: 400, outcome: 'bad_body' };
  }
  const body: SandboxNotification = parsed.data;
  const outcome = await confirmPayment(
    deps,
    {
      provider: 'sandbox',
      eventId: body.event_id,
      outTradeNo: body.out_trade_no,
      amount: body.amount,
      status: body.status,
    },
    now,
  );
  return { status: outcome === 'unknown_payment' || outcome === 'amount_mismatch' ? 400 : 200, outcome };
}

/**
 * The member decides on the sandbox page. The provider records the decision once, then notifies
 * the studio the way it always does: a signed notification through the same door as any other.
 */
export async function decideSandboxCharge(
  deps: UnitOfWorkDeps & { log?: FastifyBaseLogger },
  secret: string,
  input: { out_trade_no: string; decision: 'succeeded' | 'failed' },
  now: Date,
): Promise<SandboxCharge> {
  const decided = await runUnitOfWork(deps, async ({ tx }) => {
    const [row] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, input.out_trade_no)).for('update');
    if (!row) fail('NOT_FOUND', {}, { field: 'out_trade_no' });
    if (row!.status !== 'open') return row!;
    const [updated] = await tx
      .update(sandboxCharges)
      .set({ status: input.decision, eventId: `evt_${randomDigits(16)}`, decidedAt: now })
      .where(eq(sandboxCharges.id, row!.id))
      .returning();
    return updated!;
  });
  // Sent again on every decide after the first: a notification lost on the way is delivered the
  // next time, and one that arrived is a repeat that changes nothing.
  if (decided.status !== 'open' && decided.eventId) {
    const body = JSON.stringify({
      event_id: decided.eventId,
      out_trade_no: decided.id,
      amount: decided.amount,
      status: decided.status,
    } satisfies SandboxNotification);
    await receiveSandboxNotification(deps, secret, body, signSandbox(secret, body), now);
  }
  return toCharge(decided);
}

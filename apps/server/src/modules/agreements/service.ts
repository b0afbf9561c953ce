import {
  AGREEMENT_KINDS,
  type AgreementKind,
  type AgreementRecord,
  type AgreementText,
  type AgreementVersionRecord,
  REACCEPTED_KINDS,
  type ReacceptedKind,
} from '@studio/contract/agreements';
import type { Locale } from '@studio/contract/locale';
import { and, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { auditBy, recordAudit } from '../audit';
import { studioRow } from '../merchant';
import { sanitizeAgreementHtml } from './sanitize';
import { agreementAcceptances, agreementVersions } from './schema';

type VersionRow = typeof agreementVersions.$inferSelect;
type Texts = Partial<Record<Locale, AgreementText>>;
type AcceptedHow = (typeof agreementAcceptances.$inferInsert)['how'];

/** The current (highest published) version of every kind; 0 for a kind the studio has not published (the app's own text). */
export async function currentVersions(db: DbOrTx): Promise<Record<AgreementKind, number>> {
  const rows = await db
    .select({ kind: agreementVersions.kind, version: max(agreementVersions.version) })
    .from(agreementVersions)
    .where(isNotNull(agreementVersions.publishedAt))
    .groupBy(agreementVersions.kind);
  const current = Object.fromEntries(AGREEMENT_KINDS.map((k) => [k, 0])) as Record<AgreementKind, number>;
  for (const r of rows) current[r.kind] = r.version ?? 0;
  return current;
}

/** A text in `locale`, else the same language's other script, else the studio's language, else any. */
function textIn(texts: Texts, locale: Locale, studioLocale: Locale): AgreementText | undefined {
  const sibling: Locale | undefined = locale === 'zh-Hans' ? 'zh-Hant' : locale === 'zh-Hant' ? 'zh-Hans' : undefined;
  return texts[locale] ?? (sibling && texts[sibling]) ?? texts[studioLocale] ?? Object.values(texts).find(Boolean);
}

/** client/pub.getAgreement: the current version in the caller's language (version 0: the app shows its own text). */
export async function getAgreement(ctx: CallContext, kind: AgreementKind): Promise<AgreementRecord> {
  const [row] = await ctx.db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), isNotNull(agreementVersions.publishedAt)))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  if (!row) return { kind, version: 0, title: '', content: '', updated_at: null };
  const text = textIn(row.texts, ctx.locale, (await studioRow(ctx)).defaultLocale);
  return {
    kind,
    version: row.version,
    title: text?.title ?? '',
    content: text?.content ?? '',
    updated_at: row.publishedAt!.toISOString(),
  };
}

/** The agreements a member has not accepted in their current version (only kinds asked again: REACCEPTED_KINDS). */
export async function pendingAgreements(
  db: DbOrTx,
  userId: string,
): Promise<{ kind: ReacceptedKind; version: number }[]> {
  const current = await currentVersions(db);
  if (REACCEPTED_KINDS.every((k) => current[k] === 0)) return [];
  const accepted = await db
    .select({ kind: agreementAcceptances.kind, version: max(agreementAcceptances.version) })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.userId, userId))
    .groupBy(agreementAcceptances.kind);
  const acceptedOf = new Map(accepted.map((a) => [a.kind, a.version ?? 0]));
  return REACCEPTED_KINDS.filter((k) => current[k] > 0 && (acceptedOf.get(k) ?? -1) < current[k]).map((kind) => ({
    kind,
    version: current[kind],
  }));
}

async function recordAcceptance(
  db: DbOrTx,
  row: { userId: string; kind: AgreementKind; version: number; how: AcceptedHow; at: Date },
): Promise<void> {
  await db
    .insert(agreementAcceptances)
    .values({ userId: row.userId, kind: row.kind, version: row.version, how: row.how, acceptedAt: row.at })
    .onConflictDoNothing();
}

/** client/agreement.accept: the current version only (an older one answers AGREEMENT_OUTDATED); twice is once. */
export async function acceptAgreement(ctx: AuthedContext, kind: AgreementKind, version: number): Promise<void> {
  const current = (await currentVersions(ctx.db))[kind];
  if (version !== current) fail('AGREEMENT_OUTDATED');
  await recordAcceptance(ctx.db, { userId: ctx.user.uid, kind, version, how: 'asked', at: ctx.clock.now() });
}

/**
 * At registration: the versions of the user agreement and privacy policy the member was shown
 * (`shown`, from the register form), else the current ones. A version newer than the current one
 * cannot have been shown, and counts as the current one.
 */
export async function recordRegistration(
  tx: DbOrTx,
  userId: string,
  shown: Partial<Record<ReacceptedKind, number>> | undefined,
  at: Date,
): Promise<void> {
  const current = await currentVersions(tx);
  for (const kind of REACCEPTED_KINDS) {
    const version = Math.min(shown?.[kind] ?? current[kind], current[kind]);
    await recordAcceptance(tx, { userId, kind, version, how: 'registration', at });
  }
}

/** At a top-up: the member ticked the top-up agreement, which is its current version. */
export async function recordTopUpAgreement(db: DbOrTx, userId: string, at: Date): Promise<void> {
  const current = await currentVersions(db);
  await recordAcceptance(db, { userId, kind: 'top_up', version: current.top_up, how: 'top_up', at });
}

function toVersionRecord(row: VersionRow): AgreementVersionRecord {
  return {
    _id: row.id,
    kind: row.kind,
    version: row.version,
    texts: row.texts,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

/** admin/agreement.getList: the kind's draft and published versions, newest first. */
export async function listVersions(db: DbOrTx, kind: AgreementKind) {
  const rows = await db
    .select()
    .from(agreementVersions)
    .where(eq(agreementVersions.kind, kind))
    .orderBy(desc(agreementVersions.version));
  return { current_version: (await currentVersions(db))[kind], rows: rows.map(toVersionRecord) };
}

/** Every language's content sanitized; a text left empty by sanitizing is refused. */
function sanitizedTexts(texts: Texts): Texts {
  const out: Texts = {};
  for (const [locale, text] of Object.entries(texts) as [Locale, AgreementText][]) {
    const content = sanitizeAgreementHtml(text.content);
    if (!content) fail('INVALID_PARAM', { field: 'texts' }, { field: `texts.${locale}.content`, reason: 'empty' });
    out[locale] = { title: text.title, content };
  }
  return out;
}

/** admin/agreement.saveDraft: the kind's one draft, written (or made, with the next version number). */
export async function saveDraft(
  ctx: AuthedContext,
  kind: AgreementKind,
  texts: Texts,
): Promise<AgreementVersionRecord> {
  const clean = sanitizedTexts(texts);
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const [before] = await tx
      .select()
      .from(agreementVersions)
      .where(and(eq(agreementVersions.kind, kind), isNull(agreementVersions.publishedAt)))
      .for('update');
    const [row] = await tx
      .insert(agreementVersions)
      .values({
        id: newId(),
        kind,
        version: sql`(select coalesce(max(${agreementVersions.version}), 0) + 1 from ${agreementVersions} where ${agreementVersions.kind} = ${kind})`,
        texts: clean,
        updatedAt: now,
        updatedBy: ctx.user.uid,
      })
      .onConflictDoUpdate({
        target: agreementVersions.kind,
        targetWhere: sql`${agreementVersions.publishedAt} is null`,
        set: { texts: clean, updatedAt: now, updatedBy: ctx.user.uid },
      })
      .returning();
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'agreement',
      objectId: row!.id,
      before: before ?? null,
      after: row,
    });
    return toVersionRecord(row!);
  });
}

/** admin/agreement.publish: the draft becomes the kind's current version. */
export async function publishDraft(
  ctx: AuthedContext,
  kind: AgreementKind,
  id: string,
): Promise<AgreementVersionRecord> {
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const [updated] = await tx
      .update(agreementVersions)
      .set({ publishedAt: now, updatedAt: now, updatedBy: ctx.user.uid })
      .where(and(eq(agreementVersions.id, id), eq(agreementVersions.kind, kind), isNull(agreementVersions.publishedAt)))
      .returning();
    const row = updated ?? fail('AGREEMENT_NOT_FOUND');
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'agreement',
      objectId: row.id,
      before: { ...row, publishedAt: null },
      after: row,
    });
    return toVersionRecord(row);
  });
}

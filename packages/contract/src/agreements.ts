import { z } from 'zod';
import { localeSchema } from './localized-text';
import { defineCall, noInput, noOutput } from './protocol';
import { id, isoDateTime } from './validators';

/*
 * The studio's own agreements: the user agreement, the privacy policy and the top-up agreement,
 * written per language in the back office (rich text, sanitized on save) and published as numbered
 * versions. The current version of a kind is its latest published one; while the studio has
 * published none, the app's own texts are version 0. A member's acceptances are kept with version
 * and time; a new version of the user agreement or the privacy policy is put to every member at
 * their next visit.
 */

export const AGREEMENT_KINDS = ['user_agreement', 'privacy_policy', 'top_up'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];
export const agreementKind = z.enum(AGREEMENT_KINDS);

/** The kinds every member accepts again when a new version is published (the top-up terms are accepted at each top-up). */
export const REACCEPTED_KINDS = ['user_agreement', 'privacy_policy'] as const satisfies readonly AgreementKind[];
export type ReacceptedKind = (typeof REACCEPTED_KINDS)[number];

/** An agreement's longest HTML, after sanitizing. */
export const AGREEMENT_MAX_CHARS = 100_000;

/** One language's text: a title and HTML (basic formatting and links only; the server sanitizes it). */
export const agreementText = z.object({
  title: z.string().trim().min(1).max(120),
  content: z.string().trim().min(1).max(AGREEMENT_MAX_CHARS),
});
export type AgreementText = z.infer<typeof agreementText>;

/** Per-language texts of a version; at least one language. */
export const agreementTexts = z
  .partialRecord(localeSchema, agreementText)
  .refine((texts) => Object.keys(texts).length > 0, 'At least one locale is required');

/** The versions of the user agreement and the privacy policy a member was shown (0: the app's own texts). */
export const shownVersions = z
  .object({
    user_agreement: z.number().int().min(0),
    privacy_policy: z.number().int().min(0),
  })
  .partial()
  .strict();
export type ShownVersions = z.infer<typeof shownVersions>;

/** An agreement as a member reads it, in their language (else the studio's). Version 0 has no title or content: the app shows its own. */
export const agreementRecord = z.object({
  kind: agreementKind,
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** When this version was published (null for the app's own texts). */
  updated_at: isoDateTime.nullable(),
});
export type AgreementRecord = z.infer<typeof agreementRecord>;

/** A version as staff see it: a draft (published_at null) or a published one. */
export const agreementVersionRecord = z.object({
  _id: z.string(),
  kind: agreementKind,
  version: z.number().int(),
  texts: z.partialRecord(localeSchema, agreementText),
  published_at: isoDateTime.nullable(),
  updated_at: isoDateTime,
  /** Who last saved or published it. */
  updated_by: z.string(),
});
export type AgreementVersionRecord = z.infer<typeof agreementVersionRecord>;

export const agreementCalls = {
  getAgreement: defineCall('client/pub.getAgreement', z.object({ kind: agreementKind }).strict(), agreementRecord),
  /** The agreements this member must accept before going on (a new version published since they last did). */
  getPending: defineCall(
    'client/agreement.getPending',
    noInput,
    z.object({ pending: z.array(z.object({ kind: z.enum(REACCEPTED_KINDS), version: z.number().int() })) }),
  ),
  /** Accepts the current version of a kind; an older version is refused (AGREEMENT_OUTDATED). Accepting twice changes nothing. */
  accept: defineCall(
    'client/agreement.accept',
    z.object({ kind: agreementKind, version: z.number().int().min(0) }).strict(),
    noOutput,
  ),
} as const;

const manage = { permission: 'settings.manage' } as const;

export const adminAgreementCalls = {
  /** A kind's versions, newest first: its draft (if any) and every published one. */
  getList: defineCall(
    'admin/agreement.getList',
    z.object({ kind: agreementKind }).strict(),
    z.object({ current_version: z.number().int(), rows: z.array(agreementVersionRecord) }),
    manage,
  ),
  /** Writes the kind's draft (made from nothing when it has none): the next version number, not yet shown to members. */
  saveDraft: defineCall(
    'admin/agreement.saveDraft',
    z.object({ kind: agreementKind, texts: agreementTexts }).strict(),
    z.object({ row: agreementVersionRecord }),
    manage,
  ),
  /** Publishes the kind's draft: it becomes the current version (members are asked to accept it, for REACCEPTED_KINDS). */
  publish: defineCall(
    'admin/agreement.publish',
    z.object({ kind: agreementKind, _id: id }).strict(),
    z.object({ row: agreementVersionRecord }),
    manage,
  ),
} as const;

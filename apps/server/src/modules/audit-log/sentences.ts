import { type AuditEntry, type AuditSentence, type AuditSentenceParams, auditChangeOf } from '@studio/contract/audit';
import type { Locale } from '@studio/contract/locale';
import { type LocalizedText, localize } from '@studio/contract/localized-text';
import type { DbOrTx } from '../../platform/db';
import { textIn } from '../../platform/localized-text';
import { namesOf } from '../account';
import type { AuditRow } from '../audit';
import { goodsNames, skuSnapshots } from '../catalog';
import { couponNames } from '../coupons';
import { sessionRecordsById } from '../reservations';
import { reviewSubjects } from '../reviews';

/**
 * The audit log read as sentences: each entry's row of AUDIT_CHANGES (contract audit.ts) and what
 * its sentence says, resolved when the entry is read. Names come from the entry's own record of the
 * object first (so an object deleted since still reads by its name), else from the object as it is
 * now; what changed (a carrier, an amount, a reason) from the entry. The back office writes the
 * sentence in the reader's language; a change the table does not know reads as a plain fallback.
 */

type Snapshot = Record<string, unknown>;

const asObject = (v: unknown): Snapshot => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Snapshot) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** The name an object's record carries (name, display name, title), in the reader's language. */
function nameIn(snapshot: Snapshot, locale?: Locale): string | undefined {
  for (const [plain, values] of [
    ['name', 'nameI18n'],
    ['name', 'name_i18n'],
    ['displayName', 'displayNameI18n'],
    ['title', 'titleI18n'],
  ] as const) {
    const value = snapshot[plain];
    const many = snapshot[values] as LocalizedText | undefined;
    if (typeof value === 'string' && value !== '') return textIn(value, many, locale);
    // An announcement's title is its texts by language.
    if (value && typeof value === 'object') return localize(value as LocalizedText, locale ?? 'en') || undefined;
  }
  return undefined;
}

/** One entry as its sentence sees it: its record of the object before and after, and the names resolved. */
interface Seen {
  row: AuditRow;
  before: Snapshot;
  after: Snapshot;
  /** The record as it is now (after), else as it was (a deletion). */
  latest: Snapshot;
  created: boolean;
  name?: string;
  member?: string;
  /** The class it is about: its course's name (as `name`) and start. */
  when?: string;
}

type Said = { context?: string; params: AuditSentenceParams };

const order = (e: Seen) => ({ order: e.row.objectId });
const named = (e: Seen) => ({ name: e.name });
const ofMember = (e: Seen) => ({ member: e.member });
const ofClass = (e: Seen) => ({ member: e.member, name: e.name, when: e.when });
const createdOr = (e: Seen): Said => ({ ...(e.created && { context: 'created' }), params: named(e) });
const reason = (e: Seen) => ({ reason: str(e.after.reason) });

/** What each sentence says: every sentence of AUDIT_CHANGES has its line here (the compiler holds it). */
const SENTENCES: { [S in AuditSentence]: (e: Seen) => Said } = {
  orderShipped: (e) => ({
    params: { ...order(e), carrier: str(e.after.express_name), tracking: str(e.after.express_no) },
  }),
  orderPaidAtDesk: (e) => ({
    params: { ...order(e), ...ofMember(e), amount: int(e.after.amount), method: str(e.after.method) },
  }),
  packageSoldAtDesk: (e) => ({
    params: {
      ...order(e),
      ...ofMember(e),
      name: [str(e.after.goods_name), str(e.after.sku_name)].filter(Boolean).join(' · ') || undefined,
      amount: int(e.after.amount),
      method: str(e.after.method),
    },
  }),
  orderDeadlineExtended: (e) => ({ params: { ...order(e), date: str(e.after.expires_at) } }),
  orderCancelled: (e) => ({ params: { ...order(e), ...reason(e) } }),
  orderPickedUp: (e) => ({ params: { ...order(e), ...ofMember(e) } }),
  refundApproved: (e) => ({ params: order(e) }),
  refundRefused: (e) => ({ params: order(e) }),
  refundRepaid: (e) => ({ params: order(e) }),
  goodsSaved: createdOr,
  goodsOnSale: (e) => ({ ...(e.after.is_on_sale === false && { context: 'off' }), params: named(e) }),
  stockAdjusted: (e) => ({
    params: { ...named(e), delta: int(e.after.delta), count: int(e.after.stock), ...reason(e) },
  }),
  categorySaved: createdOr,
  categoryDeleted: (e) => ({ params: named(e) }),
  couponSaved: createdOr,
  couponCodesMade: (e) => ({ params: { ...named(e), count: int(e.after.codes_generated) } }),
  reviewReplied: (e) => ({ params: { ...named(e), ...ofMember(e) } }),
  reviewHidden: (e) => ({
    ...(e.after.hidden === false && { context: 'shown' }),
    params: { ...named(e), ...ofMember(e) },
  }),
  pointsAdjusted: (e) => ({ params: { ...ofMember(e), delta: int(e.after.amount), ...reason(e) } }),
  walletAdjusted: (e) => ({ params: { ...ofMember(e), money_delta: int(e.after.amount), ...reason(e) } }),
  rolesChanged: (e) => ({ params: ofMember(e) }),
  memberAdded: (e) => {
    const amount = int(e.after.dropInAmount);
    return {
      ...(amount !== undefined && { context: 'dropIn' }),
      params: { ...ofClass(e), amount, method: str(e.after.dropInMethod) },
    };
  },
  memberRemoved: (e) => ({ params: ofClass(e) }),
  memberCheckedIn: (e) => ({ params: ofClass(e) }),
  sessionScheduled: (e) => ({ params: { name: e.name, when: e.when } }),
  seriesScheduled: (e) => ({
    params: {
      name: e.name,
      when: e.when,
      count: Array.isArray(e.after.sessions) ? e.after.sessions.length : undefined,
    },
  }),
  sessionCapacityChanged: (e) => ({ params: { name: e.name, when: e.when, count: int(e.after.capacity) } }),
  sessionCancelled: (e) => ({ params: { name: e.name, when: e.when, reason: str(e.after.cancelReason) } }),
  courseSaved: createdOr,
  roomSaved: createdOr,
  teacherSaved: createdOr,
  packageGranted: (e) => ({ params: { ...named(e), ...ofMember(e), count: int(e.after.totalCount) } }),
  packageExtended: (e) => ({
    params: { ...named(e), ...ofMember(e), date: str(e.after.validUntil), ...reason(e) },
  }),
  packageCreditsAdjusted: (e) => ({
    params: { ...named(e), ...ofMember(e), delta: int(e.after.delta), ...reason(e) },
  }),
  settingsSaved: () => ({ params: {} }),
  agreementDraftSaved: () => ({ params: {} }),
  agreementPublished: () => ({ params: {} }),
  freightSaved: createdOr,
  announcementSaved: createdOr,
  announcementWithdrawn: (e) => ({ params: named(e) }),
  deliveryResent: (e) => ({ params: ofMember(e) }),
  feedbackReplied: (e) => ({ ...(e.after.internal === true && { context: 'internal' }), params: ofMember(e) }),
  feedbackClosed: (e) => ({ params: ofMember(e) }),
};

/** The ids of one entry to look up in other modules: its member, class, goods, SKU, coupon or review. */
interface Wanted {
  member?: string;
  session?: string;
  goods?: string;
  sku?: string;
  coupon?: string;
  review?: string;
}

/** What an entry needs looked up, by the kind of object it changed. */
function wanted(row: AuditRow, latest: Snapshot, after: Snapshot): Wanted {
  switch (row.objectType) {
    case 'member':
    case 'wallet':
    case 'points':
      return { member: row.objectId };
    case 'order':
      return { member: str(after.user_id) ?? str(latest.user_id) };
    case 'reservation':
      return { member: str(latest.userId), session: str(latest.sessionId) };
    case 'session':
      return { session: row.objectId };
    case 'series': {
      const [first] = Array.isArray(after.sessions) ? (after.sessions as Snapshot[]) : [];
      return { session: str(asObject(first).id) };
    }
    case 'package':
    case 'notice_delivery':
    case 'feedback':
      return { member: str(latest.userId) };
    case 'teacher':
      return { member: row.objectId };
    case 'goods':
      return { goods: row.objectId };
    case 'sku':
      return { sku: row.objectId };
    case 'coupon':
      return { coupon: row.objectId };
    case 'review':
      return { review: row.objectId };
    default:
      return {};
  }
}

const idsOf = (all: Wanted[], key: keyof Wanted) => [
  ...new Set(all.map((w) => w[key]).filter((id): id is string => !!id)),
];

/** The page's entries as the back office shows them, with their sentences: one look-up per kind of name. */
export async function describeEntries(db: DbOrTx, rows: AuditRow[], now: Date, locale?: Locale): Promise<AuditEntry[]> {
  const snapshots = rows.map((row) => {
    const before = asObject(row.before);
    const after = asObject(row.after);
    const latest = row.after === null || row.after === undefined ? before : after;
    return { row, before, after, latest, want: wanted(row, latest, after) };
  });
  const want = snapshots.map((s) => s.want);
  const [users, sessions, goods, skus, coupons, reviews] = await Promise.all([
    namesOf(db, [...new Set([...rows.map((r) => r.actorId), ...idsOf(want, 'member')])]),
    sessionRecordsById(db, idsOf(want, 'session'), null, now, locale),
    goodsNames(db, idsOf(want, 'goods'), locale),
    skuSnapshots(db, idsOf(want, 'sku'), locale),
    couponNames(db, idsOf(want, 'coupon'), locale),
    reviewSubjects(db, idsOf(want, 'review')),
  ]);
  // A review's author is known once its review is: one more look-up for their names.
  const reviewers = await namesOf(
    db,
    [...reviews.values()].map((r) => r.userId).filter((id) => !users.has(id)),
  );
  const userName = (id: string | undefined) => (id ? (users.get(id) ?? reviewers.get(id)) : undefined) || undefined;

  return snapshots.map(({ row, before, after, latest, want: w }) => {
    const session = w.session ? sessions.get(w.session) : undefined;
    const sku = w.sku ? skus.get(w.sku) : undefined;
    const review = w.review ? reviews.get(w.review) : undefined;
    const name =
      (session?.course_name || undefined) ??
      nameIn(latest, locale) ??
      (w.goods ? goods.get(w.goods) : undefined) ??
      (sku ? [sku.goodsName, sku.skuName].filter(Boolean).join(' · ') : undefined) ??
      (w.coupon ? coupons.get(w.coupon) : undefined) ??
      review?.goodsName ??
      // A teacher is a member: their account's name when the profile has none.
      (row.objectType === 'teacher' ? userName(row.objectId) : undefined);
    const member = userName(w.member ?? review?.userId);
    const seen: Seen = {
      row,
      before,
      after,
      latest,
      created: row.before === null || row.before === undefined,
      name,
      member,
      when: session?.starts_at,
    };
    const change = auditChangeOf(row.action, row.objectType);
    const said = change ? SENTENCES[change.sentence](seen) : null;
    return {
      _id: row.id,
      at: row.at.toISOString(),
      actor: { _id: row.actorId, nickname: users.get(row.actorId) ?? '' },
      action: row.action,
      object_type: row.objectType,
      object_id: row.objectId,
      kind: change?.kind ?? null,
      sentence: change && said ? { key: change.sentence, ...said, params: withoutEmpty(said.params) } : null,
      // A member's roles, wallet or points: the member is the object.
      object_name: name ?? member ?? '',
      before: row.before,
      after: row.after,
    };
  });
}

/** The params that have a value (an entry written before a field existed simply lacks it). */
function withoutEmpty(params: AuditSentenceParams): AuditSentenceParams {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
  ) as AuditSentenceParams;
}

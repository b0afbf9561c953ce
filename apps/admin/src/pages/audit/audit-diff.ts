/** One field of an object that a change touched. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The fields that differ between an object's two versions in the audit log (a creation lists every
 * field; a deletion, every field gone). Fields that only track time (updatedAt) are left out.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => f !== 'updatedAt');
  return fields
    .filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]))
    .map((field) => ({ field, before: show(a[field]), after: show(b[field]) }));
}

/**
 * A timezone's UTC offsets over a window of time: `changes` lists [from (epoch ms), minutes ahead of
 * UTC], the first from `from`, each in force until the next; the last until `until`. The server sends
 * the studio's with its info, so a phone converts times without loading the browser's timezone data
 * (building the first Intl.DateTimeFormat with a timeZone costs a phone ~100 ms in the first render).
 * No zod here: the app's shell registers the table and should not load it (merchant.ts has the schema).
 */
export interface ZoneOffsets {
  from: number;
  until: number;
  changes: [number, number][];
}

const known = new Map<string, ZoneOffsets>();

/** Keeps `offsets` as what `tz` is, for zoneOffsetFromTable (called when the studio's info arrives). */
export function knowZoneOffsets(tz: string, offsets: ZoneOffsets): void {
  known.set(tz, offsets);
}

/** Minutes `tz` is ahead of UTC at `ms` from a table it was given, or undefined outside its window. */
export function zoneOffsetFromTable(ms: number, tz: string): number | undefined {
  const table = known.get(tz);
  if (!table || !(ms >= table.from && ms < table.until)) return undefined;
  const { changes } = table;
  let lo = 0;
  let hi = changes.length - 1;
  // The last change at or before `ms`.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (changes[mid]![0] <= ms) lo = mid;
    else hi = mid - 1;
  }
  return changes[lo]![1];
}

/** Forgets what `tz` was given (tests compare both ways of converting). */
export function forgetZoneOffsets(tz: string): void {
  known.delete(tz);
}

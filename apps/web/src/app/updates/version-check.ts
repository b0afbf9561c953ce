import type { AppVersion, versionCalls } from '@studio/contract/channels';
import { callRef } from '@studio/contract/protocol-core';
import { call } from '@/shared/api/call-function';
import { APP_VERSION } from '@/shared/config';
import type { UpdateNeed } from './update-state';

// By reference: the version check runs in every app at start and should not load zod for it.
const checkVersion = callRef<typeof versionCalls.checkVersion>('user/pub/checkVersion');

/** `MAJOR.MINOR.PATCH` as numbers (the `+build` and any pre-release part ignored; missing parts 0). */
function numbersOf(version: string): number[] {
  const core = (version.split('+')[0] ?? '').split('-')[0] ?? '';
  return core.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * Whether `version` is older than `than`, by MAJOR.MINOR.PATCH (contract channels.ts compareVersions
 * orders them the same way on the server; this copy keeps zod, which that file loads, out of the app's
 * start).
 */
export function isOlder(version: string, than: string): boolean {
  const [a, b] = [numbersOf(version), numbersOf(than)];
  for (let i = 0; i < 3; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

/**
 * What the server's answer means for this app: required below min_version; available when the
 * server serves another build (a deploy changes the build id, maybe not the number); else nothing.
 * A server version lower than this app's is not offered: the server says 0.0.0 when it knows no
 * build (no version.json), and a real rollback still brings its service worker, which prompts.
 */
export function updateNeedOf(
  answer: Pick<AppVersion, 'version' | 'min_version'>,
  own = APP_VERSION,
): UpdateNeed | null {
  if (isOlder(own, answer.min_version)) return 'required';
  return answer.version && answer.version !== own && !isOlder(answer.version, own) ? 'available' : null;
}

/** Asks the server which version it serves; null when it cannot say (offline, an older server). */
export async function fetchServerVersion(): Promise<AppVersion | null> {
  try {
    return await call(checkVersion, { version: APP_VERSION }, { silent: true, loading: false });
  } catch {
    return null;
  }
}

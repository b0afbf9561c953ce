import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppVersion } from '@studio/contract/channels';
import type { Config } from '../../config';

/*
 * The version user/pub/checkVersion answers: APP_VERSION when the deployment sets it, else the one
 * the web build wrote into `${WEB_DIST}/version.json` ({"version": "1.4.0+<build>"}), else 0.0.0.
 * Read once per app (a deploy of a new build restarts the server), never per call.
 */

const versions = new WeakMap<Config, AppVersion>();

/** The version.json of a web build, or null when there is none or it says no version. */
function builtVersion(webDist: string): string | null {
  let text: string;
  try {
    text = readFileSync(path.join(webDist, 'version.json'), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const version = typeof parsed === 'object' && parsed !== null ? (parsed as { version?: unknown }).version : null;
    return typeof version === 'string' && version.trim() !== '' ? version.trim() : null;
  } catch {
    return null;
  }
}

export function appVersionOf(config: Config): AppVersion {
  let answer = versions.get(config);
  if (!answer) {
    answer = {
      version: config.APP_VERSION ?? builtVersion(config.WEB_DIST) ?? '0.0.0',
      min_version: config.APP_MIN_VERSION,
      ...(config.APP_VERSION_NOTES ? { notes: config.APP_VERSION_NOTES } : {}),
    };
    versions.set(config, answer);
  }
  return answer;
}

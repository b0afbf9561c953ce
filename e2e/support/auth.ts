import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Member } from './api';

const authDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.tmp', 'e2e-auth');

/** The browser state (lifeData in localStorage) of the member the setup project logged in. */
export const MEMBER_STATE = path.join(authDir, 'member.json');
/** Who that member is (username, password, uid, token), for tests that seed data for them. */
export const MEMBER_INFO = path.join(authDir, 'member-info.json');

/** The member logged in by the setup project (tests/auth.setup.ts). */
export function setupMember(): Member {
  return JSON.parse(readFileSync(MEMBER_INFO, 'utf8')) as Member;
}

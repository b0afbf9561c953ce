import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Member } from './api';

// One per port, as the database is (playwright.config.ts): a run on another E2E_PORT logs in a member
// of its own database, and must not overwrite the state a run beside it is reading.
const port = Number(process.env.E2E_PORT ?? 3170);
const authDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.tmp',
  port === 3170 ? 'e2e-auth' : `e2e-auth-${port}`,
);

/** The browser state (lifeData in localStorage) of the member the setup project logged in. */
export const MEMBER_STATE = path.join(authDir, 'member.json');
/** Who that member is (username, password, uid, token), for tests that seed data for them. */
export const MEMBER_INFO = path.join(authDir, 'member-info.json');

/** The member logged in by the setup project (tests/auth.setup.ts). */
export function setupMember(): Member {
  return JSON.parse(readFileSync(MEMBER_INFO, 'utf8')) as Member;
}

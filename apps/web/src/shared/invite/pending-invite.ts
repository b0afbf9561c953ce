import type { invitationCalls } from '@studio/contract/invitations';
import { INVITE_CODE_PARAM, INVITE_LOCK_DAYS } from '@studio/contract/invite-link';
import { callRef } from '@studio/contract/protocol-core';
import { call } from '@/shared/api/call-function';

/*
 * An invite link opened on this device (issue 25): the code is kept here for INVITE_LOCK_DAYS, so a
 * visitor who comes back later (the app closed in between) still registers with it, whether they
 * start from log-in or registration; and the server is told (client/salesman.pub_addUserLocking,
 * silent), which holds this device (its vk-device-id) for the inviter for the same time, so an
 * account made by an SMS or e-mail code log-in is attributed as well.
 */

const KEY = 'studio.invite';
const DAY_MS = 86_400_000;
const addUserLocking = callRef<typeof invitationCalls.addUserLocking>('client/salesman.pub_addUserLocking');

interface Stored {
  code: string;
  at: number;
}

function read(): Stored | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Stored | null;
    return value && typeof value.code === 'string' && typeof value.at === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** The invite code opened on this device within INVITE_LOCK_DAYS, or ''. */
export function pendingInvite(now = Date.now()): string {
  const stored = read();
  return stored && now - stored.at < INVITE_LOCK_DAYS * DAY_MS ? stored.code : '';
}

/** Keeps a code from an invite link (the first one while it holds, as the server does) and tells the server, silently. */
export function rememberInvite(rawCode: string, now = Date.now()): void {
  const code = rawCode.trim().toUpperCase().slice(0, 32);
  if (!code) return;
  if (!pendingInvite(now)) {
    try {
      localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
    } catch {
      // Private mode: the code still fills the form this time.
    }
  }
  void call(addUserLocking, { invite_code: code }, { silent: true, loading: false }).catch(() => undefined);
}

/** Registered: the code has done its work. */
export function forgetInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** `to` with the link's invite code carried along (switching between log-in and registration), when there is one. */
export function inviteQuery(to: string, code: string): string {
  const trimmed = code.trim();
  if (!trimmed) return to;
  return `${to}${to.includes('?') ? '&' : '?'}${new URLSearchParams({ [INVITE_CODE_PARAM]: trimmed })}`;
}

import { create } from 'zustand';

/**
 * available: a newer version is on the server, or a new service worker waits; the member may reload
 * when it suits them. required: this app is older than the server's min_version and must reload.
 */
export type UpdateNeed = 'available' | 'required';

interface UpdateState {
  need: UpdateNeed | null;
  /** What is new (checkVersion's notes), when the server says. */
  notes: string | undefined;
  /** The version the server serves, when it said. */
  serverVersion: string | undefined;
  /** The member closed the prompt of an available update: not shown again in this visit. */
  dismissed: boolean;
  /** A reload has been asked for and is under way. */
  reloading: boolean;
}

export const useUpdateState = create<UpdateState>(() => ({
  need: null,
  notes: undefined,
  serverVersion: undefined,
  dismissed: false,
  reloading: false,
}));

/** Records a need; a required update is never lowered back to an available one. */
export function raiseUpdateNeed(need: UpdateNeed, from?: { version: string; notes?: string }): void {
  useUpdateState.setState((s) => ({
    need: s.need === 'required' ? 'required' : need,
    notes: from?.notes ?? s.notes,
    serverVersion: from?.version ?? s.serverVersion,
  }));
}

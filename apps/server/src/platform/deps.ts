import type { Background } from './background';
import type { Db, DbOrTx } from './db';
import type { EventOutbox } from './event-outbox';
import type { UploadStorage } from './storage';
import type { TokenSigner } from './tokens';

/** Wallet and points balances shown in a member's user info. */
export type BalanceReader = (db: DbOrTx, userId: string) => Promise<{ balance: number; integral: number }>;

/**
 * The key under which getMyUserInfo remembers a member's balances (ctx.deps.memo): whatever moves a
 * balance forgets it once its transaction commits (the wallet's ledger, through afterCommit).
 */
export const balancesMemoKey = (userId: string) => `balances:${userId}`;

/** Until a wallet module supplies balances, every member has none. */
export const noBalances: BalanceReader = async () => ({ balance: 0, integral: 0 });

/**
 * Remembers a value per member (their own profile, read on every app start and tab switch) for
 * as long as nothing forgets it: account/token-cache.ts keeps it beside the token check and
 * forgets a member's entry on every instance whenever an account write touches them.
 */
export interface MemberMemo {
  remember<T extends object>(uid: string, now: Date, load: () => Promise<T>): Promise<T>;
}

/** Remembers nothing: every read loads (an app built without the token cache). */
export const noMemberMemo: MemberMemo = { remember: (_uid, _now, load) => load() };

/**
 * Values read by nearly every call and written rarely (the studio row): remembered briefly per
 * instance, and forgotten on every instance by the write that changes them, before it answers
 * (platform/shared-memo.ts).
 */
export interface SharedMemo {
  remember<T extends object>(key: string, now: Date, load: () => Promise<T>): Promise<T>;
  forget(key: string): Promise<void>;
}

/**
 * What buildApp makes once per app and every call receives (`ctx.deps`): nothing of this lives in
 * module state, so two apps in one process (tests) never share a secret, an outbox or a reader.
 */
export interface AppDeps {
  /** Signs and verifies this app's tokens (its TOKEN_SECRET). */
  signer: TokenSigner;
  /** Signs and checks the sandbox payment provider's notifications (SANDBOX_PAY_SECRET). */
  sandboxSecret: string;
  /** After-commit subscribers' outbox (event-outbox.ts): delivers right after commit, and its sweeps retry. */
  events: EventOutbox;
  /** Work a call starts but does not wait for (sending notices), drained before the app closes; absent outside an app (the seed). */
  background?: Background;
  /** The user info's wallet and points balances; a later module passes its own to buildApp. */
  readBalances: BalanceReader;
  /** The member's own info between account writes (set by buildApp to the token cache's). */
  memberMemo: MemberMemo;
  /** The studio row between saves (merchant/service.ts studioRow). */
  memo: SharedMemo;
  /** Where uploaded images and their sizes are kept: DATA_DIR/uploads or the S3 bucket (platform/storage.ts). */
  uploads: UploadStorage;
}

/** Where the database and this app's dependencies are both needed (services called outside a request too). */
export interface DbAndDeps {
  db: Db;
  deps: AppDeps;
}

/** What a server process runs: the bare Fastify floor, or the real app on PGlite or PostgreSQL. */
export type ServerKind = 'bare' | 'pglite' | 'postgres';

export interface ServerSpec {
  kind: ServerKind;
  /** DATA_DIR of the real app (PGlite lives in <dataDir>/db). */
  dataDir?: string;
  databaseUrl?: string;
  tokenSecret?: string;
  /** Extra loadConfig overrides (plain JSON values). */
  configOverrides?: Record<string, unknown>;
}

export type ParentMessage = { type: 'setup'; id: number; name: string; args: unknown } | { type: 'close' };

export type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: string };

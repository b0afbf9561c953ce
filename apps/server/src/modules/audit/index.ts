/**
 * The audit module's public face: all that other modules (and the app) may import from it
 * (docs/module-graph.md; CONTRIBUTING "Keep module boundaries"). Its other files are its own.
 */
export type { AuditRow } from './schema';
export { auditBy, audited, listEntries, recordAudit } from './service';

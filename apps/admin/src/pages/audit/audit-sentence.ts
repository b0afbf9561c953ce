import type { AuditEntry } from '@studio/contract/audit';
import type { TFunction } from 'i18next';

/** The formatters a sentence needs (useFormat's): times in the studio's timezone, money in its currency. */
export interface SentenceFormat {
  dateTime: (time: string) => string;
  money: (minor: number) => string;
  number: (value: number) => string;
}

/** "+2" / "−3": a change, with its sign. */
const signed = (text: string, negative: boolean) => `${negative ? '−' : '+'}${text}`;

/**
 * One audit entry as a sentence in the reader's language: "Ada Admin shipped order 2026…566 by Royal
 * Mail, RM123…" (audit.json `sentences.<key>`, its variant as an i18next context). The server says
 * which sentence and resolves its names (contract AUDIT_CHANGES, server audit-log/sentences.ts); this
 * formats what it says. A change the table does not know reads as the fallback sentence, with its call.
 */
export function auditSentence(entry: AuditEntry, t: TFunction<'audit'>, format: SentenceFormat): string {
  const actor = entry.actor.nickname || t('sentence.someone');
  const name = entry.object_name || t('sentence.unnamed');
  if (!entry.sentence) {
    return t('sentences.fallback', {
      actor,
      type: t(`types.${entry.object_type}`, { defaultValue: entry.object_type }),
      name: entry.object_name || entry.object_id,
      action: entry.action,
    });
  }
  const p = entry.sentence.params;
  return t(`sentences.${entry.sentence.key}`, {
    context: entry.sentence.context,
    actor,
    member: p.member ?? t('sentence.aMember'),
    name: p.name ?? name,
    order: p.order ?? entry.object_id,
    when: p.when ? format.dateTime(p.when) : '',
    date: p.date ? format.dateTime(p.date) : '',
    amount: p.amount !== undefined ? format.money(p.amount) : '',
    money_delta: p.money_delta !== undefined ? signed(format.money(Math.abs(p.money_delta)), p.money_delta < 0) : '',
    delta: p.delta !== undefined ? signed(format.number(Math.abs(p.delta)), p.delta < 0) : '',
    // Plural forms follow `count` only where the sentence counts something.
    ...(p.count !== undefined && { count: p.count }),
    method: p.method ? t(`methods.${p.method}`, { defaultValue: p.method }) : '',
    carrier: p.carrier ?? '',
    tracking: p.tracking ?? '',
    because: p.reason ? t('sentence.because', { reason: p.reason }) : '',
  });
}

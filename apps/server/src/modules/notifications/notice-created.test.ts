import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventOutbox } from '../../platform/event-outbox-schema';
import { newId } from '../../platform/ids';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildMember } from '../schedule/testing';
import { tellMembers } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('says notice.created once per notice stored, in the unit of work that stores it', async () => {
  const [a, b] = await Promise.all([buildMember(t), buildMember(t)]);
  const quiet = { notifyUser: async () => undefined, broadcast: async () => undefined };
  const source = newId();
  const data = { order_no: 'NO1' };
  const notices = [
    { userId: a.id, type: 'orderCompleted' as const, data },
    { userId: b.id, type: 'orderCompleted' as const, data },
  ];
  await tellMembers({ db: t.app.db, realtime: quiet }, source, notices, t.clock.now());
  // The event delivered again (at least once): nothing stored, nothing said.
  await tellMembers({ db: t.app.db, realtime: quiet }, source, notices, t.clock.now());
  const said = await t.app.db.select().from(eventOutbox).where(eq(eventOutbox.name, 'notice.created'));
  const payloads = said.map((r) => r.payload as { user_id: string; type: string; notice_id: string; data: unknown });
  expect(payloads.map((p) => p.user_id).sort()).toEqual([a.id, b.id].sort());
  for (const p of payloads) expect(p).toMatchObject({ type: 'orderCompleted', data, notice_id: expect.any(String) });
  expect(new Set(said.map((r) => r.subscriber))).toEqual(new Set(['channels.deliverNotice']));
});

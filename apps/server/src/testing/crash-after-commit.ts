/**
 * A server process that dies right after its commit (event-outbox.test.ts): it emits a waitlist
 * promotion for CRASH_USER_ID in a unit of work on CRASH_DATABASE_URL, and is killed (SIGKILL, no
 * clean-up of any kind) the moment the transaction has committed, before delivering anything.
 */
import '../modules/index';
import { openDatabase } from '../platform/db';
import { newId } from '../platform/ids';
import { runUnitOfWork } from '../platform/unit-of-work';

const database = await openDatabase({ url: process.env.CRASH_DATABASE_URL!, poolSize: 2 });
await runUnitOfWork(
  {
    db: database.db,
    deps: {
      events: {
        deliverNow: async () => {
          process.kill(process.pid, 'SIGKILL');
          await new Promise(() => undefined);
        },
        sweeps: [],
      },
    },
  },
  (work) =>
    work.emit(
      'waitlist.promoted',
      {
        session_id: newId(),
        course_name: 'Yin Yoga',
        starts_at: '2026-12-03T18:00:00.000Z',
        user_id: process.env.CRASH_USER_ID!,
        reservation_id: newId(),
      },
      new Date(),
    ),
);
process.stderr.write('the unit of work answered: it should have been killed after its commit\n');
process.exit(1);

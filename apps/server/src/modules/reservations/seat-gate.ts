/*
 * A rush on a class (a thousand members booking its last 20 seats at once, issue 26): each booking
 * that saw a free seat on its plain read would try the one-statement booking, all queueing on the
 * session's row lock to be refused one by one. The gate lets through as many attempts per session
 * as its read saw free seats (MAX_WAVE at most); the others wait for that wave to end and read again (together: one
 * statement, platform/batch.ts), when the class is most often full and they are refused at once.
 * It only orders attempts within this instance: the database still decides every seat.
 */

interface Gate {
  inFlight: number;
  /** Bookings waiting for the wave in flight to end. */
  waiting: (() => void)[];
}

const gates = new Map<string, Gate>();

/**
 * The most attempts on one session in flight at once: they queue on its row lock anyway, and each
 * holds one of the pool's connections while it waits, which every other call needs too.
 */
export const MAX_WAVE = 4;

/**
 * Runs `attempt` once fewer than `free` (and MAX_WAVE) attempts on the session are in flight here; otherwise waits
 * for those to end and asks `readFree` again (which refuses when the class is full).
 */
export async function throughSeatGate<T>(
  sessionId: string,
  free: number,
  attempt: () => Promise<T>,
  readFree: () => Promise<number>,
): Promise<T> {
  for (;;) {
    let gate = gates.get(sessionId);
    if (!gate) {
      gate = { inFlight: 0, waiting: [] };
      gates.set(sessionId, gate);
    }
    if (gate.inFlight < Math.min(free, MAX_WAVE)) {
      gate.inFlight += 1;
      try {
        return await attempt();
      } finally {
        gate.inFlight -= 1;
        if (gate.inFlight === 0) {
          gates.delete(sessionId);
          for (const wake of gate.waiting) wake();
        }
      }
    }
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
    free = await readFree();
  }
}

import { ApiError } from '@studio/client/api-error';
import { useCallback, useRef, useState } from 'react';

/**
 * Wraps an async action so a second tap while it runs does nothing (spec: a double tap never sends
 * twice). `pending` drives the button's spinner. ApiErrors were already shown by the api client.
 */
export function useLockedAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const locked = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  const [pending, setPending] = useState(false);

  const run = useCallback(async (...args: A): Promise<void> => {
    if (locked.current) return;
    locked.current = true;
    setPending(true);
    try {
      await latest.current(...args);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      locked.current = false;
      setPending(false);
    }
  }, []);

  return [run, pending] as const;
}

import { LOADING_DELAY_MS } from '@/shared/config';
import { hideLoading, showLoading } from '@/shared/ui/feedback';

/**
 * The loading indicator shared by all calls (spec 4 and 9): counted across requests, shown only
 * when something is still running after 800 ms, hidden when the last one finishes.
 */
let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function beginLoading(): () => void {
  pending += 1;
  if (pending === 1) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (pending > 0) showLoading();
    }, LOADING_DELAY_MS);
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    if (pending > 0) return;
    clearTimeout(timer);
    timer = undefined;
    hideLoading();
  };
}

import type { Config } from '../../config';
import { usablePayTypes } from './service';

/** Stripe's test-mode keys (secret or restricted): its charges move no real money. */
const STRIPE_TEST_KEY = /^(sk|rk)_test_/;

/**
 * Test mode: among the pay types members may use is one that moves no real money (the sandbox test
 * card, or Stripe with test keys). Both apps show a band while it lasts, and the go-live checklist
 * waits for it to end.
 */
export function isTestMode(config: Config, enabled: readonly string[]): boolean {
  return usablePayTypes(config, enabled).some(
    (p) => p === 'sandbox' || (p === 'stripe' && STRIPE_TEST_KEY.test(config.STRIPE_SECRET_KEY ?? '')),
  );
}

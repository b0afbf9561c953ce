import { describe, expect, it } from 'vitest';
import { refundStepText } from './refunds';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const money = (amount: number) => `£${(amount / 100).toFixed(2)}`;

describe('a refund step of an order’s history', () => {
  it('says where an approved refund went, with its amount, under the app’s own catalogue', () => {
    expect(refundStepText({ outcome: 'approved', amount: 1020, to: 'wallet' }, t, money, 'orders.timeline')).toBe(
      'orders.timeline.refunded.wallet {"amount":"£10.20"}',
    );
    expect(refundStepText({ outcome: 'approved', amount: 500, to: null }, t, money, 'refundSteps')).toBe(
      'refundSteps.refunded.unknown {"amount":"£5.00"}',
    );
  });

  it('says an approval that paid nothing back, a refusal and a withdrawal by their own message', () => {
    expect(refundStepText({ outcome: 'approved', amount: 0, to: 'wallet' }, t, money, 'x')).toBe('x.approvedNothing');
    expect(refundStepText({ outcome: 'approved', amount: 900, to: 'none' }, t, money, 'x')).toBe('x.approvedNothing');
    expect(refundStepText({ outcome: 'refused', amount: 900, to: null }, t, money, 'x')).toBe('x.refused');
    expect(refundStepText({ outcome: 'cancelled', amount: 0, to: null }, t, money, 'x')).toBe('x.cancelled');
  });

  it('says nothing for a step that is a status only', () => {
    expect(refundStepText(null, t, money, 'x')).toBeNull();
  });
});

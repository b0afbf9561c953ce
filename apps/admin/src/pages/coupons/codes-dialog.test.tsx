import type { AdminCouponRecord } from '@studio/contract/coupons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { CodesDialog } from './codes-dialog';

/** The codes the fake server made, batch after batch. */
const made = vi.hoisted(() => ({ total: 0 }));

vi.mock('@/shared/api/client', () => ({
  call: async (def: { url: string }, input: { count: number }) => {
    if (def.url !== 'admin/coupon.generateCodes') throw new Error(`unexpected call ${def.url}`);
    const codes = Array.from({ length: input.count }, (_, i) => `CODE${String(made.total + i + 1).padStart(8, '0')}`);
    made.total += input.count;
    return { codes };
  },
  callQuery: (def: { url: string }, input: unknown) => ({ queryKey: [def.url, input], queryFn: async () => ({}) }),
}));

// The coupon as the list had it when staff opened the dialog: no code yet.
const COUPON = { _id: 'c1', name: 'Spring', codes: 0, codes_redeemed: 0 } as AdminCouponRecord;

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  made.total = 0;
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanup);

function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <CodesDialog coupon={COUPON} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

/** Makes a batch and waits for the server's answer to show. */
async function generate(dialog: HTMLElement, count: number) {
  const before = made.total;
  fireEvent.change(within(dialog).getByLabelText('How many codes'), { target: { value: String(count) } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
  await waitFor(() =>
    expect(dialog.querySelector('.codes-list pre')?.textContent?.split('\n')).toHaveLength(before + count),
  );
}

describe('the exchange-code dialog', { timeout: 20_000 }, () => {
  it('counts the codes just made, batch after batch', async () => {
    const dialog = openDialog();
    expect(within(dialog).getByText(/^0 codes made so far/)).toBeTruthy();
    await generate(dialog, 5);
    expect(await within(dialog).findByText(/^5 codes made so far/)).toBeTruthy();
    await generate(dialog, 3);
    expect(await within(dialog).findByText(/^8 codes made so far/)).toBeTruthy();
    expect(dialog.querySelector('.codes-list pre')?.textContent?.split('\n')).toHaveLength(8);
  });

  it('copies the codes made, one per line, and says so', async () => {
    const dialog = openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Copy codes' })).toBeNull();
    await generate(dialog, 5);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]?.[0]).toBe(
      ['CODE00000001', 'CODE00000002', 'CODE00000003', 'CODE00000004', 'CODE00000005'].join('\n'),
    );
    expect(await screen.findByText('Copied 5 codes')).toBeTruthy();
  });

  it('says how to copy by hand when the browser refuses', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const dialog = openDialog();
    await generate(dialog, 2);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Copy codes' }));
    expect(await screen.findByText(/select the codes and copy them by hand/)).toBeTruthy();
  });
});

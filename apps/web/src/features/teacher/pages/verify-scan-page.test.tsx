import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import i18n, { setLocale } from '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { useLifeData } from '@/shared/store/life-data';
import { VerifyScanPage } from './verify-scan-page';

const order = (status: number, status_name: string) => ({
  _id: 'O7',
  order_no: '2026112200007',
  status,
  status_name,
  kind: 'goods',
  delivery: 'pickup',
  pickup_code: 'PK12345',
  lines: [
    { sku_id: 's1', goods_name: 'Cork Block', sku_name: 'Natural', buy_num: 2 },
    { sku_id: 's2', goods_name: 'Yoga Strap', sku_name: 'Moss', buy_num: 1 },
  ],
});
const member = { _id: 'u1', nickname: 'Iris Pickup', avatar: null };

/** What the fake server holds: the order's preview, and the calls made. */
let preview: Record<string, unknown> = {};
let calls: string[] = [];
vi.stubGlobal('scrollTo', () => {});
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    calls.push(url);
    const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
    if (url === 'client/pub.getMchInfo') {
      return ok({ mchInfo: { name: 'Lotus Studio', currency: 'GBP', timezone: 'Europe/London' }, appInfo: {} });
    }
    if (url === 'client/verify.lookup') return ok(preview);
    if (url === 'client/verify.scan') return ok({ kind: 'order', order: order(3, 'completed') });
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(async () => {
  calls = [];
  queryClient.clear();
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
  await setLocale('en');
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

async function typeCode(code: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <VerifyScanPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // In whichever language is on: "Member's code" and "Verify" in English.
  fireEvent.change(screen.getByRole('textbox', { name: i18n.t('teacher.scan.codeLabel') }), {
    target: { value: code },
  });
  fireEvent.click(screen.getByRole('button', { name: i18n.t('teacher.verify.submit') }));
}

describe('a pickup code at the desk', { timeout: 20_000 }, () => {
  it('shows whose order it is and what is in it, and hands it over only on Confirm pickup', async () => {
    preview = { kind: 'order', order: order(1, 'paid'), member, picked_up: null };
    await typeCode('PK12345');
    const card = await screen.findByRole('region', { name: 'Pickup order' });
    expect(card.textContent).toContain('Iris Pickup');
    expect(card.textContent).toContain('Order 2026112200007');
    const items = within(card).getByRole('list', { name: 'Items' });
    expect(items.textContent).toContain('Cork Block × 2');
    expect(items.textContent).toContain('Yoga Strap × 1');
    expect(calls).not.toContain('client/verify.scan');

    fireEvent.click(within(card).getByRole('button', { name: 'Confirm pickup' }));
    const done = await screen.findByRole('region', { name: 'Order picked up' });
    expect(done.textContent).toContain('Iris Pickup');
    expect(within(done).queryByRole('button', { name: 'Confirm pickup' })).toBeNull();
    expect(calls.filter((u) => u === 'client/verify.scan')).toHaveLength(1);
  });

  it('says when and by whom a used code was picked up, in the reader’s language, with nothing to confirm', async () => {
    preview = {
      kind: 'order',
      order: order(3, 'completed'),
      member,
      picked_up: { at: '2026-11-22T14:05:00.000Z', by: { _id: 's1', nickname: 'Sam Staff' } },
    };
    await typeCode('PK12345');
    const card = await screen.findByRole('region', { name: 'Already picked up' });
    // In the studio's timezone (London) once its details have loaded.
    await waitFor(() => expect(card.textContent).toContain('Picked up Sun 22 Nov, 14:05 by Sam Staff'));
    expect(within(card).queryByRole('button', { name: 'Confirm pickup' })).toBeNull();

    cleanup();
    await setLocale('zh-Hant');
    await typeCode('PK12345');
    const zh = await screen.findByRole('region', { name: '已提貨' });
    await waitFor(() => expect(zh.textContent).toContain('由 Sam Staff 核銷提貨'));
    expect(calls).not.toContain('client/verify.scan');
  });

  it('does not offer to hand over an order that is not paid', async () => {
    preview = { kind: 'order', order: order(0, 'unpaid'), member, picked_up: null };
    await typeCode('PK12345');
    const card = await screen.findByRole('region', { name: 'Pickup order' });
    expect(card.textContent).toContain('This order cannot be handed over now');
    expect(within(card).queryByRole('button', { name: 'Confirm pickup' })).toBeNull();
  });
});

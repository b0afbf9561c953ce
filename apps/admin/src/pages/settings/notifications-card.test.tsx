import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useSession } from '@/shared/session/session';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { SAVED_STUDIO } from './merchant-fixture';
import { NotificationsCard } from './notifications-card';
import type { Merchant } from './settings-form';

/** What the card sent to admin/merchant.save. */
const saved = vi.hoisted(() => [] as unknown[]);

// A fake server: admin/merchant.save is recorded and answers the studio; nothing else is called.
vi.mock('@/shared/api/client', () => {
  const answer = (url: string, input: unknown) => {
    if (url === 'admin/merchant.save') {
      saved.push(input);
      return { merchant: SAVED_STUDIO };
    }
    throw new Error(`unexpected call ${url}`);
  };
  return {
    call: async (def: { url: string }, input: unknown) => answer(def.url, input),
    callQuery: (def: { url: string }, input: unknown) => ({
      queryKey: [def.url, input],
      queryFn: async () => answer(def.url, input),
    }),
  };
});

beforeAll(prepareAntdInJsdom);
beforeEach(() => {
  saved.length = 0;
  useSession.setState({
    token: 't',
    tokenExpired: Date.now() + 3_600_000,
    user: { role: ['admin'], permission: [] } as never,
  });
});
afterEach(cleanup);

function renderCard() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const card = (merchant: Merchant) => (
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <App>
          <NotificationsCard merchant={merchant} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(card(SAVED_STUDIO));
  /** The studio as read again (after a save, or another member of staff's). */
  return (merchant: Merchant) => rerender(card(merchant));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save notifications' }));

describe('Settings → Notifications', { timeout: 20_000 }, () => {
  it('shows the studio’s channels, sender name and rules as saved', () => {
    renderCard();
    expect(screen.getByRole('switch', { name: 'E-mail' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Text messages' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Web Push' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Sender name' })).toHaveProperty('value', 'Lotus');
    expect(screen.getByRole('spinbutton', { name: 'Tries per message' })).toHaveProperty('value', '3');
    expect(screen.getByRole('spinbutton', { name: 'Tries spread over' })).toHaveProperty('value', '30');
    expect(screen.getByRole('spinbutton', { name: 'Remind members of their class' })).toHaveProperty('value', '3');
    // Texts are off: their kinds and their cost show once they are switched on.
    expect(screen.queryByText('Each text message costs money.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the delivery log' }).getAttribute('href')).toBe('/deliveries');
  });

  it('sends only what changed: e-mail off and the tries', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('switch', { name: 'E-mail' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Tries per message' }), { target: { value: '5' } });
    save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ delivery_tries: 5, notice_channels: { email: false } });
  });

  it('switching texts on shows their cost and kinds; a ticked reminder is sent with the others', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('switch', { name: 'Text messages' }));
    expect(await screen.findByText('Each text message costs money.')).toBeTruthy();
    const kinds = screen.getByRole('group', { name: 'Send a text message when' });
    expect(within(kinds).getByRole('checkbox', { name: 'a class is cancelled' })).toHaveProperty('checked', true);
    const reminder = within(kinds).getByRole('checkbox', { name: 'a class is about to start (the reminder)' });
    expect(reminder).toHaveProperty('checked', false);
    fireEvent.click(reminder);
    save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      notice_channels: {
        sms: true,
        sms_types: ['sessionCancelled', 'reservationCancelled', 'waitlistPromoted', 'classReminder'],
      },
    });
  });

  it('saves nothing when nothing changed, and says so', async () => {
    renderCard();
    save();
    expect(await screen.findByText('Nothing to save: no changes')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('keeps the tries within the rule’s bounds (1–10), as the server does', async () => {
    renderCard();
    const tries = screen.getByRole('spinbutton', { name: 'Tries per message' });
    fireEvent.change(tries, { target: { value: '11' } });
    fireEvent.blur(tries);
    save();
    // The field keeps to 1–10 (antd clamps on blur), so 10 is what goes.
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ delivery_tries: 10 });
  });

  it('never puts back what another member of staff changed meanwhile in a field left alone', async () => {
    const readAgain = renderCard();
    // Someone else raised the tries while this form was open, and the studio was read again.
    readAgain({ ...SAVED_STUDIO, delivery_tries: 5 } as Merchant);
    fireEvent.change(screen.getByRole('textbox', { name: 'Sender name' }), { target: { value: 'Lotus Yoga' } });
    save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ notice_channels: { sender_name: 'Lotus Yoga' } });
  });

  it('after a save, putting a field back is a change of its own', async () => {
    renderCard();
    const tries = screen.getByRole('spinbutton', { name: 'Tries per message' });
    fireEvent.change(tries, { target: { value: '5' } });
    save();
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.change(tries, { target: { value: '3' } });
    save();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved).toEqual([{ delivery_tries: 5 }, { delivery_tries: 3 }]);
  });
});

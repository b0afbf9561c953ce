import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { registerRouter } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { emptyUser, useLifeData } from '@/shared/store/life-data';
import { FeedbackWritePage } from './feedback-write-page';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/shared/ui/feedback', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/feedback')>()),
  showToast: (text: string) => toasts.push(text),
}));

const thread = {
  _id: 'f1',
  category: 'orders_shop',
  content: 'The mat arrived torn',
  images: [],
  order_no: 'N100',
  reservation_id: null,
  status: 'pending_reply',
  created_at: '2026-11-22T09:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
  messages: [],
};

const calls: { url: string; data: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  queryClient.clear();
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
      calls.push({ url, data });
      const body =
        url === 'client/feedback.add'
          ? { feedback: thread }
          : url === 'client/feedback.getList'
            ? { rows: [], total: 0, hasMore: false }
            : undefined;
      return new Response(JSON.stringify(body ? { code: 0, msg: 'ok', ...body } : { code: 'FUNCTION_NOT_FOUND' }));
    }),
  );
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(cleanup);
afterAll(() => {
  useLifeData.setState({ user: emptyUser });
  vi.unstubAllGlobals();
});

function openWrite(query = '') {
  const router = createMemoryRouter(
    [
      {
        path: paths.feedbackWrite,
        element: (
          <QueryClientProvider client={queryClient}>
            <FeedbackWritePage />
          </QueryClientProvider>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`${paths.feedbackWrite}${query}`] },
  );
  registerRouter(router, []);
  render(<RouterProvider router={router} />);
  return () => `${router.state.location.pathname}${router.state.location.search}`;
}

const sent = () => calls.filter((c) => c.url === 'client/feedback.add').map((c) => c.data);

describe('Write to us', () => {
  it('asks for a category and a message before sending anything', async () => {
    openWrite();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose what it is about')).toBeTruthy();
    expect(screen.getByText('Please write a few words')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('opened from an order, it is about that order (orders and shop), sends it and opens the conversation', async () => {
    const location = openWrite('?order_no=N100');
    expect(screen.getByText('Order N100')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Orders and shop' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  The mat arrived torn  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(location()).toBe('/pages/service-center/thread?_id=f1'));
    expect(sent()).toEqual([
      { category: 'orders_shop', content: 'The mat arrived torn', images: [], order_no: 'N100' },
    ]);
    expect(toasts).toContain('Sent: the studio will reply here');
  });

  it('lets the member say it is not about that order after all', async () => {
    openWrite('?reservation_id=r1');
    fireEvent.click(screen.getByRole('button', { name: 'Not about this' }));
    expect(screen.queryByText('Your class booking')).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Suggestion' }));
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'More evening classes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ category: 'suggestion', content: 'More evening classes', images: [] });
  });
});

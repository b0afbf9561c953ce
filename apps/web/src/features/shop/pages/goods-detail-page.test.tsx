import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { registerRouter } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { GoodsDetailPage } from './goods-detail-page';

let answer: object = { code: 'PRODUCT_OFF_SALE', msg: 'Product does not exist or is off sale' };
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    if (url === 'client/pub.getGoodsDetail') return new Response(JSON.stringify(answer));
    return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND', msg: 'no' }));
  }),
);

beforeEach(() => queryClient.clear());
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

/** The page in a router of its own, registered as the app's, so its button really moves. */
function open(id: string) {
  const router = createMemoryRouter(
    [
      {
        path: paths.goodsDetail,
        element: (
          <QueryClientProvider client={queryClient}>
            <GoodsDetailPage />
          </QueryClientProvider>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`${paths.goodsDetail}?_id=${id}`] },
  );
  registerRouter(router, [paths.order]);
  render(<RouterProvider router={router} />);
  return () => router.state.location.pathname;
}

describe('a goods page for goods that are no more', () => {
  it('says the item is gone, offers no Try again, and leads back to the shop', async () => {
    answer = { code: 'PRODUCT_OFF_SALE', msg: 'Product does not exist or is off sale' };
    const where = open('removed-goods');
    expect(await screen.findByText('This item is gone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the shop' }));
    await waitFor(() => expect(where()).toBe(paths.order));
  });

  it('still offers Try again when the load failed for another reason', async () => {
    answer = { code: 'SYS_ERR', msg: 'Something went wrong' };
    open('g1');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('This item is gone')).toBeNull();
  });
});

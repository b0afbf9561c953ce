import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import type { GoodsFields, SkuFields } from './goods-fields';
import { SkuTable } from './goods-sku-table';

vi.mock('@/shared/api/client', () => ({
  callQuery: (def: { url: string }, input: unknown) => ({
    queryKey: [def.url, input],
    queryFn: async () => ({ mchInfo: { timezone: 'UTC', currency: 'GBP' }, appInfo: {} }),
  }),
  adminHeaders: () => ({}),
  errorText: (name: string) => name,
}));

beforeAll(prepareAntdInJsdom);
afterEach(cleanup);

const SAND: SkuFields = {
  _id: 's1',
  sku_name: { en: 'Sand / Large', 'zh-Hans': '沙色 / 大号' },
  price: 45,
  stock: 12,
  weight: 1800,
  image: '/uploads/sand.webp',
};
const MOSS: SkuFields = {
  _id: 's2',
  sku_name: { en: 'Moss / Large' },
  price: 45,
  stock: 6,
  weight: 1800,
  image: '/uploads/moss.webp',
};

/** The SKU table in the goods form; answers a reader of the form's SKUs as they are now. */
function renderTable(skus: SkuFields[]) {
  let form: ReturnType<typeof Form.useForm<GoodsFields>>[0] | undefined;
  function Harness() {
    const [f] = Form.useForm<GoodsFields>();
    form = f;
    return (
      <Form form={f} initialValues={{ sku_list: skus }}>
        <SkuTable type={0} onAdjust={() => {}} />
      </Form>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Harness />
      </App>
    </QueryClientProvider>,
  );
  return () => (form?.getFieldValue('sku_list') ?? []) as SkuFields[];
}

/** The table's buttons by their names (aria-label, else text), in order; role queries are slow on a big table. */
const buttonNames = (table: HTMLElement) =>
  Array.from(table.querySelectorAll('tbody button'), (b) => b.getAttribute('aria-label') ?? b.textContent);

describe('the goods editor’s options', { timeout: 20_000 }, () => {
  it('gives each option one input per language, in one column named Option', async () => {
    renderTable([SAND, MOSS]);
    const table = await screen.findByLabelText('Options and stock');
    const headers = Array.from(table.querySelectorAll('th'), (h) => h.textContent);
    // One name column, not one sliver per language.
    expect(headers.filter((h) => h?.startsWith('Option'))).toEqual(['Option']);
    expect(within(table).getByLabelText('Option 1 · English')).toHaveProperty('value', 'Sand / Large');
    expect(within(table).getByLabelText('Option 1 · 简体中文')).toHaveProperty('value', '沙色 / 大号');
    expect(within(table).getByLabelText('Option 1 · 繁體中文')).toHaveProperty('value', '');
  });

  it('removes a picture with the cross on the picture and keeps the option', async () => {
    const skus = renderTable([SAND, MOSS]);
    const table = await screen.findByLabelText('Options and stock');
    // No bare "Remove" beside the row's bin: each remove says what it removes.
    expect(buttonNames(table)).toEqual([
      'Adjust',
      'Remove picture: Picture 1',
      'Picture 1: Replace',
      'Remove option 1',
      'Adjust',
      'Remove picture: Picture 2',
      'Picture 2: Replace',
      'Remove option 2',
    ]);
    fireEvent.click(within(table).getByLabelText('Remove picture: Picture 1'));
    await waitFor(() => expect(skus()[0]?.image).toBeNull());
    expect(skus().map((s) => s.sku_name.en)).toEqual(['Sand / Large', 'Moss / Large']);
    expect(skus()[1]?.image).toBe('/uploads/moss.webp');
    // With no picture, the cell offers an upload and no remove.
    expect(buttonNames(table).slice(0, 3)).toEqual(['Adjust', 'Picture 1: Upload', 'Remove option 1']);
  });

  it('removes the whole option with the row’s own button', async () => {
    const skus = renderTable([SAND, MOSS]);
    const table = await screen.findByLabelText('Options and stock');
    fireEvent.click(within(table).getByLabelText('Remove option 2'));
    await waitFor(() => expect(skus()).toHaveLength(1));
    expect(skus()[0]).toMatchObject({ _id: 's1', image: '/uploads/sand.webp' });
    // The last option cannot go: a goods item has at least one.
    expect(within(table).getByLabelText('Remove option 1')).toHaveProperty('disabled', true);
  });
});

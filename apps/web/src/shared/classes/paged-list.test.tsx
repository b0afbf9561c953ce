import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import type { ListSource } from '@/shared/api/paged';
import { PagedList } from './paged-list';

afterEach(cleanup);

type Row = { _id: string };
const source = (over: Partial<ListSource<Row>>): ListSource<Row> => ({
  rows: [],
  isPending: false,
  error: null,
  hasMore: false,
  refresh: vi.fn(async () => {}),
  ...over,
});
const show = (s: ListSource<Row>) =>
  render(
    <PagedList source={s} skeleton={<p>loading rows</p>} empty={<p>nothing yet</p>}>
      {(rows) => (
        <ul aria-label="rows">
          {rows.map((r) => (
            <li key={r._id}>{r._id}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );

describe('PagedList', () => {
  it('shows the skeleton on the first load, then the empty state', () => {
    show(source({ isPending: true }));
    expect(screen.getByText('loading rows')).toBeTruthy();
    cleanup();
    show(source({}));
    expect(screen.getByText('nothing yet')).toBeTruthy();
  });

  it('offers a retry of page 1 when nothing could be loaded', () => {
    const s = source({ error: new Error('offline') });
    show(s);
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(s.refresh).toHaveBeenCalledOnce();
  });

  it('keeps the rows it has when a later page fails, and marks the end with "No more"', () => {
    show(source({ rows: [{ _id: 'a' }, { _id: 'b' }], error: new Error('page 2 failed'), loadMore: async () => {} }));
    expect(screen.getByRole('list', { name: 'rows' }).textContent).toBe('ab');
    expect(screen.getByText('No more')).toBeTruthy();
  });
});

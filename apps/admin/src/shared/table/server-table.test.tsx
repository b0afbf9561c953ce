import { cleanup, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import { prepareAntdInJsdom } from '@/shared/testing/antd-jsdom';
import { ClampedText, ClippedLink } from './cells';
import { type ServerColumn, ServerTable } from './server-table';

beforeAll(prepareAntdInJsdom);
afterEach(cleanup);

interface Row {
  _id: string;
  reason: string;
  member: string;
}

const REASON =
  'The block arrived with a crack along the rounded edge and a strong smell of glue that did not go away after airing it for three days on the balcony.';

const columns: ServerColumn<Row>[] = [
  {
    key: 'member',
    title: 'Member',
    width: 150,
    render: (_, r) => <ClippedLink to="/members/m1" text={r.member} width={150} />,
  },
  { key: 'reason', title: 'Reason', width: 240, render: (_, r) => <ClampedText text={r.reason} rows={3} /> },
  { key: 'actions', title: 'Actions', render: () => <Button size="small">Approve</Button> },
];

function renderTable() {
  render(
    <MemoryRouter>
      <ServerTable<Row>
        caption="Refunds"
        state={{
          view: { pageIndex: 1, pageSize: 20, sort: undefined, order: 'desc', filters: {} },
          onTableChange: () => {},
          pageSizes: [20],
        }}
        query={{
          data: {
            rows: [{ _id: 'r1', reason: REASON, member: 'Wilhelmina Fitzgerald-Montgomery' }],
            total: 1,
            hasMore: false,
          },
          error: null,
          isFetching: false,
          refetch: async () => ({}) as never,
        }}
        columns={columns}
      />
    </MemoryRouter>,
  );
  return screen.getByLabelText('Refunds');
}

describe('a server table', { timeout: 40_000 }, () => {
  it('keeps the row actions fixed on the right, at the back office’s density', () => {
    const table = renderTable();
    const wrapper = table.closest('.ant-table-wrapper') ?? table;
    expect(wrapper.querySelector('.ant-table-medium')).not.toBeNull();
    const approve = within(table).getByText('Approve');
    expect(approve.closest('td')?.className).toMatch(/ant-table-cell-fix-(right|end)/);
    // The other columns scroll with the table.
    const reason = within(table).getByTitle(REASON);
    expect(reason.closest('td')?.className).not.toMatch(/ant-table-cell-fix/);
  });

  it('cuts long texts to their lines and width, whole in their title', () => {
    const table = renderTable();
    const reason = within(table).getByTitle(REASON);
    expect(reason.textContent).toBe(REASON);
    expect(reason.className).toBe('clamped-text');
    expect(reason.style.webkitLineClamp).toBe('3');
    const member = within(table).getByRole('link', { name: 'Wilhelmina Fitzgerald-Montgomery' });
    expect(member.getAttribute('title')).toBe('Wilhelmina Fitzgerald-Montgomery');
    expect(member.style.maxWidth).toBe('150px');
    expect(member.style.textOverflow).toBe('ellipsis');
  });
});

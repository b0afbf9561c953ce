import type { CallDef } from '@studio/contract/protocol-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listInputOf, readTableView, writeTableView } from './table-state';

describe('a list view in the URL', () => {
  it('reads page, size, sort and the named filters, ignoring what it does not know', () => {
    const view = readTableView(new URLSearchParams('page=3&size=50&sort=name&order=desc&keyword=ann&x=1'), [
      'keyword',
      'role',
    ]);
    expect(view).toEqual({ pageIndex: 3, pageSize: 50, sort: 'name', order: 'desc', filters: { keyword: 'ann' } });
  });

  it('falls back to the defaults on malformed values', () => {
    const view = readTableView(new URLSearchParams('page=-2&size=7&order=sideways'), [], {
      sort: 'created',
      order: 'desc',
    });
    expect(view).toEqual({ pageIndex: 1, pageSize: 20, sort: 'created', order: 'desc', filters: {} });
  });

  it('goes back to page 1 when a filter or the sort changes, and keeps the page otherwise', () => {
    const on3 = new URLSearchParams('page=3&keyword=ann');
    expect(writeTableView(on3, { filters: { keyword: 'bob' } }).toString()).toBe('keyword=bob');
    expect(writeTableView(on3, { sort: 'name', order: 'desc' }).get('page')).toBeNull();
    expect(writeTableView(on3, { pageIndex: 4 }).get('page')).toBe('4');
    expect(writeTableView(on3, {}).get('page')).toBe('3');
  });

  it('drops an emptied filter and a cleared sort from the URL', () => {
    const params = new URLSearchParams('keyword=ann&sort=name&order=desc');
    const next = writeTableView(params, { filters: { keyword: '' }, sort: null });
    expect(next.toString()).toBe('');
  });
});

describe('a list view as a call input', () => {
  const def = {
    url: 'admin/x.getList',
    input: z
      .object({
        pageIndex: z.number().int().min(1),
        pageSize: z.number().int().max(100),
        status: z.enum(['active', 'inactive']).optional(),
        sort: z.enum(['name']).optional(),
      })
      .strict(),
    output: z.object({}),
  } as unknown as CallDef;

  it('passes a valid view through', () => {
    const query = { pageIndex: 2, pageSize: 20, status: 'active', sort: 'name' };
    expect(listInputOf(def, query)).toEqual(query);
  });

  it('drops what the call would refuse, keeping the rest', () => {
    expect(listInputOf(def, { pageIndex: 2, pageSize: 20, status: 'maybe', sort: 'name' })).toEqual({
      pageIndex: 2,
      pageSize: 20,
      sort: 'name',
    });
  });
});

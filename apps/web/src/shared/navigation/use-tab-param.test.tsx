import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, type Location, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useTabParam } from './use-tab-param';

const TABS = ['upcoming', 'past', 'cancelled'] as const;

interface Seen {
  tab: (typeof TABS)[number];
  select: (key: string) => void;
  location: Location;
}

/** Renders a page at `url` that uses the hook; answers what it saw on its last render. */
function renderAt(url: string): { current: Seen } {
  const seen = { current: null as unknown as Seen };
  function Page() {
    const [tab, select] = useTabParam(TABS, 'upcoming');
    seen.current = { tab, select, location: useLocation() };
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return seen;
}

afterEach(cleanup);

describe('useTabParam', () => {
  it.each([
    ['/list', 'upcoming'],
    ['/list?tab=past', 'past'],
    ['/list?tab=cancelled', 'cancelled'],
    ['/list?tab=nonsense', 'upcoming'],
    ['/list?tab=', 'upcoming'],
  ])('%s opens the %s tab', (url, expected) => {
    expect(renderAt(url).current.tab).toBe(expected);
  });

  it('writes the chosen tab into the URL, and the default as a bare URL', () => {
    const seen = renderAt('/list');
    act(() => seen.current.select('past'));
    expect(seen.current.tab).toBe('past');
    expect(seen.current.location.search).toBe('?tab=past');
    act(() => seen.current.select('upcoming'));
    expect(seen.current.tab).toBe('upcoming');
    expect(seen.current.location.search).toBe('');
  });
});

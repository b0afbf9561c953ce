import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { RouteErrorBoundary } from './route-error-boundary';

afterEach(cleanup);

/** A page that throws while `failing.now` is true. */
function Flaky({ failing }: { failing: { now: boolean } }) {
  const [mountedAt] = useState(() => Math.random());
  if (failing.now) throw new Error('page bug');
  return <p data-mounted={mountedAt}>Class page</p>;
}

describe('RouteErrorBoundary', () => {
  it('shows a friendly error instead of a blank page, and Retry mounts the page again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = { now: true };
    render(
      <RouteErrorBoundary resetKey="/pages/course/detail?_id=1">
        <Flaky failing={failing} />
      </RouteErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(screen.queryByText('Class page')).toBeNull();

    failing.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Class page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts afresh when the address changes (the same page for another class)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = { now: true };
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/pages/course/detail?_id=1">
        <Flaky failing={failing} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    failing.now = false;
    rerender(
      <RouteErrorBoundary resetKey="/pages/course/detail?_id=2">
        <Flaky failing={failing} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Class page')).toBeTruthy();
  });

  it('a page whose code chunk is gone after a deploy reloads the app once instead of failing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
    function Gone(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-old.js');
    }
    render(
      <RouteErrorBoundary resetKey="/pages/index/category">
        <Gone />
      </RouteErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

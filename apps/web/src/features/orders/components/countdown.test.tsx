import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { Countdown } from './countdown';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the pay countdown', () => {
  it('counts down to the order’s expiry, then says time is up and asks the page to refresh once', () => {
    const onEnd = vi.fn();
    render(<Countdown until="2026-11-27T10:01:05Z" onEnd={onEnd} />);
    expect(screen.getByRole('timer').textContent).toBe('Pay within 1:05');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Pay within 0:05');
    expect(onEnd).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Time is up: this order is being cancelled')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('counts a longer wait (an order paid at the desk) in hours and minutes', () => {
    render(<Countdown until="2026-11-29T09:59:30Z" />);
    expect(screen.getByRole('timer').textContent).toBe('Pay within 47 h 59 min');
    act(() => {
      vi.advanceTimersByTime(47 * 3_600_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Pay within 59:30');
  });
});

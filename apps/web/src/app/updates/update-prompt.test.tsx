import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { UpdatePrompt } from './update-prompt';
import { useUpdateState } from './update-state';

const { activateAndReload } = vi.hoisted(() => ({ activateAndReload: vi.fn() }));
vi.mock('./service-worker', () => ({ activateAndReload, registerServiceWorker: vi.fn(), checkForNewWorker: vi.fn() }));

const initial = useUpdateState.getState();
beforeEach(() => {
  activateAndReload.mockReset();
  useUpdateState.setState(initial, true);
  sessionStorage.clear();
});
afterEach(cleanup);

describe('the prompt', () => {
  it('is a banner the member may close, whose Reload activates the new version', async () => {
    useUpdateState.setState({ need: 'available', notes: 'Push reminders' });
    render(<UpdatePrompt />);
    const banner = screen.getByRole('status', { name: 'A new version is ready' });
    expect(banner.textContent).toContain('Push reminders');

    const reload = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(reload);
    expect(activateAndReload).toHaveBeenCalledOnce();
    // Under way: the button spins and a second tap sends nothing.
    expect(reload.hasAttribute('disabled')).toBe(true);
    fireEvent.click(reload);
    expect(activateAndReload).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(useUpdateState.getState().dismissed).toBe(true);
  });

  it('is a dialog with Reload alone when the reload is required', async () => {
    useUpdateState.setState({ need: 'required' });
    render(<UpdatePrompt />);
    expect(await screen.findByText('Please reload the app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Later' })).toBeNull();
    fireEvent.click(screen.getByText('Reload'));
    expect(activateAndReload).toHaveBeenCalledOnce();
  });
});

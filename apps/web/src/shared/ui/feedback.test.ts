import { afterEach, describe, expect, it, vi } from 'vitest';

const show = vi.fn();
const clear = vi.fn();
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show, clear: vi.fn() } }));
vi.mock('antd-mobile/es/components/dialog', () => ({ default: { alert: vi.fn(), clear } }));
const { closeDialogs, showToast } = await import('./feedback');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('feedback', () => {
  it('shows a toast for 1500 ms (spec 9)', async () => {
    showToast('Saved');
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith({ content: 'Saved', duration: 1500 }));
  });

  it('closes open dialogs', async () => {
    document.body.innerHTML = '<div class="adm-dialog-body">Booking failed</div>';
    closeDialogs();
    await vi.waitFor(() => expect(clear).toHaveBeenCalledOnce());
  });

  it('loads nothing when no dialog is open', async () => {
    clear.mockClear();
    closeDialogs();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clear).not.toHaveBeenCalled();
  });
});

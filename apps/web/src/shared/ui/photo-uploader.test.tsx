import { UPLOAD_CONCURRENCY } from '@studio/contract/images';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { PhotoUploader } from './photo-uploader';
import { UploadQueue, type UploadTask } from './upload-queue';

const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('./feedback', () => ({ showToast: (text: string) => toasts.shown.push(text) }));

afterEach(cleanup);
beforeEach(() => {
  toasts.shown.length = 0;
});

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

/** An upload whose every request waits until the test settles it. */
function controlledUpload() {
  const calls: {
    file: File;
    progress: (f: number) => void;
    resolve: (url: string) => void;
    reject: (e: Error) => void;
  }[] = [];
  const upload = vi.fn(
    (f: File, progress: (fraction: number) => void) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ file: f, progress, resolve, reject });
      }),
  );
  return { upload, calls };
}

const flush = () => act(async () => {});

describe('UploadQueue', () => {
  it('keeps at most UPLOAD_CONCURRENCY uploads in flight; the next starts as one ends', async () => {
    const { upload, calls } = controlledUpload();
    const uploaded: string[] = [];
    let tasks: UploadTask[] = [];
    const queue = new UploadQueue({
      limit: UPLOAD_CONCURRENCY,
      upload,
      onUploaded: (url) => uploaded.push(url),
      onChange: (t) => {
        tasks = t;
      },
    });
    queue.add([1, 2, 3, 4, 5, 6, 7].map((n) => file(`${n}.png`)));
    expect(UPLOAD_CONCURRENCY).toBe(5);
    expect(upload).toHaveBeenCalledTimes(5);
    expect(tasks.map((t) => t.status)).toEqual([...Array(5).fill('uploading'), 'queued', 'queued']);

    calls[0]!.progress(0.5);
    expect(tasks[0]!.progress).toBe(0.5);
    calls[0]!.resolve('/uploads/1.png');
    await Promise.resolve();
    await Promise.resolve();
    expect(uploaded).toEqual(['/uploads/1.png']);
    expect(upload).toHaveBeenCalledTimes(6);
    expect(queue.inFlight).toBe(5);
    expect(tasks).toHaveLength(6);
  });

  it('marks a failed file and sends it again on retry', async () => {
    const { upload, calls } = controlledUpload();
    let tasks: UploadTask[] = [];
    const queue = new UploadQueue({
      limit: 5,
      upload,
      onUploaded: () => undefined,
      onChange: (t) => {
        tasks = t;
      },
    });
    queue.add([file('a.png')]);
    calls[0]!.reject(new Error('Network error'));
    await Promise.resolve();
    await Promise.resolve();
    expect(tasks[0]).toMatchObject({ status: 'failed', error: 'Network error' });
    expect(queue.inFlight).toBe(0);
    queue.retry(tasks[0]!.key);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(tasks[0]).toMatchObject({ status: 'uploading', progress: 0 });
  });

  it('counts a removed file’s request until it ends, so no sixth starts beside it', async () => {
    const { upload, calls } = controlledUpload();
    let tasks: UploadTask[] = [];
    const queue = new UploadQueue({ limit: 2, upload, onUploaded: () => undefined, onChange: (t) => (tasks = t) });
    queue.add([file('a.png'), file('b.png'), file('c.png')]);
    queue.remove(tasks[0]!.key);
    expect(upload).toHaveBeenCalledTimes(2);
    calls[0]!.resolve('/uploads/a.png');
    await Promise.resolve();
    await Promise.resolve();
    expect(upload).toHaveBeenCalledTimes(3);
  });
});

describe('PhotoUploader', () => {
  it('names every uploaded photo (alt text) and removes one with a button that says which', () => {
    const onChange = vi.fn();
    const photos = [{ url: '/uploads/2026-11/a.webp' }, { url: '/uploads/2026-11/b.webp' }];
    const { container } = render(<PhotoUploader value={photos} onChange={onChange} max={3} />);

    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(photos[0]!.url);
    expect(screen.getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe(photos[1]!.url);
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('alt')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(onChange).toHaveBeenCalledWith([photos[1]]);
  });

  it('says so when more photos are picked than fit, and uploads only those that fit', async () => {
    const { upload } = controlledUpload();
    render(<PhotoUploader value={[{ url: '/uploads/a.png' }]} onChange={vi.fn()} max={5} upload={upload} />);
    const input = screen.getByTestId('photo-input');
    fireEvent.change(input, { target: { files: [1, 2, 3, 4, 5, 6].map((n) => file(`${n}.png`)) } });
    await flush();
    expect(upload).toHaveBeenCalledTimes(4);
    expect(toasts.shown).toEqual(['At most 5 photos: only 4 more could be added']);
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /Add photo/ })).toBeNull();
  });

  it('shows each file’s progress, a failure with retry, and adds the url once uploaded', async () => {
    const { upload, calls } = controlledUpload();
    const onChange = vi.fn();
    const onBusy = vi.fn();
    render(<PhotoUploader value={[]} onChange={onChange} max={5} upload={upload} onBusyChange={onBusy} />);
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file('a.png'), file('b.png')] } });
    await flush();
    expect(onBusy).toHaveBeenLastCalledWith(true);

    act(() => calls[0]!.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 1' }).getAttribute('aria-valuenow')).toBe('40');

    await act(async () => calls[1]!.reject(new Error('Network error')));
    const retry = screen.getByRole('button', { name: 'Photo 2 failed to upload: retry' });
    await act(async () => calls[0]!.resolve('/uploads/a.png'));
    expect(onChange).toHaveBeenLastCalledWith([{ url: '/uploads/a.png' }]);

    fireEvent.click(retry);
    await flush();
    expect(upload).toHaveBeenCalledTimes(3);
    expect(onBusy).toHaveBeenLastCalledWith(true);
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { PhotoUploader } from './photo-uploader';

afterEach(cleanup);

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
});

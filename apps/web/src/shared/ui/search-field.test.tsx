import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { SearchField } from './search-field';

afterEach(cleanup);

function Controlled({ onSearch, onClear }: { onSearch: (v: string) => void; onClear: () => void }) {
  const [text, setText] = useState('');
  return <SearchField label="Search the shop" value={text} onChange={setText} onSearch={onSearch} onClear={onClear} />;
}

describe('SearchField', () => {
  it('is a labelled searchbox in a search landmark, with a real clear button once something is typed', () => {
    const onSearch = vi.fn();
    const onClear = vi.fn();
    const { container } = render(<Controlled onSearch={onSearch} onClear={onClear} />);
    // The <search> element (jsdom's roles do not know it yet).
    const landmark = container.querySelector('search')!;
    expect(landmark).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search the shop' });
    expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();

    fireEvent.change(box, { target: { value: 'mat' } });
    fireEvent.submit(box);
    expect(onSearch).toHaveBeenCalledWith('mat');

    const clear = screen.getByRole('button', { name: 'Clear the search' });
    // A button of its own: no element of the field carries a label without a role (axe: aria-prohibited-attr).
    for (const el of landmark.querySelectorAll('[aria-label]')) {
      expect(['INPUT', 'BUTTON']).toContain(el.tagName);
    }
    fireEvent.click(clear);
    expect(box).toHaveProperty('value', '');
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();
  });

  it('keeps its own text when the page does not hold it', () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search members" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    fireEvent.change(box, { target: { value: 'ann' } });
    fireEvent.submit(box);
    expect(onSearch).toHaveBeenCalledWith('ann');
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { AgreementPage } from './agreement-page';

afterEach(cleanup);

describe('AgreementPage', () => {
  it('holds the top-up agreement the wallet links to, and opens at it', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(
      <MemoryRouter initialEntries={['/pages/login/agreement?section=top-up']}>
        <AgreementPage />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Top-up Agreement' });
    expect(section.id).toBe('top-up');
    expect(section.textContent).toContain('Your balance does not expire');
    expect(scrolled.mock.contexts[0]).toBe(section);
  });
});

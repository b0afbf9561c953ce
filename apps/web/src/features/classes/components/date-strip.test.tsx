import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import type { ClassFormat } from '@/shared/classes/class-format';
import { DateStrip } from './date-strip';

afterEach(cleanup);

const format = {
  tz: 'Europe/London',
  day: (d: Date) => `Long ${d.toISOString().slice(0, 10)}`,
} as unknown as ClassFormat;

describe('DateStrip', () => {
  it("each chip's accessible name starts with its visible label (WCAG 2.5.3)", () => {
    render(
      <DateStrip
        days={['2026-12-01', '2026-12-02']}
        selected="2026-12-01"
        onSelect={() => {}}
        marked={new Set()}
        format={format}
      />,
    );
    const chips = screen.getAllByRole('button');
    expect(chips).toHaveLength(2);
    for (const chip of chips) {
      const visible = [...chip.querySelectorAll('.date-chip-weekday, .date-chip-date')]
        .map((e) => e.textContent)
        .join(' ');
      expect(chip.getAttribute('aria-label')).toBeNull();
      expect(chip.textContent?.replace(/\s+/g, ' ')).toMatch(new RegExp(`^${visible}, Long 2026-12-0\\d$`));
    }
    expect(chips[0]?.textContent).toMatch(/^Today 1, /);
  });
});

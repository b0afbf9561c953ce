import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and starts with a byte-order mark', () => {
    expect(toCsv(['name', 'note'], [['Li, Wei', 'said "hi"\nthen left']])).toBe(
      '\uFEFFname,note\r\n"Li, Wei","said ""hi""\nthen left"\r\n',
    );
  });

  it('never lets a cell start a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+44 7700 900123')).toBe("'+44 7700 900123");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  it('writes empty cells for null and dates as ISO strings', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25T10:00:00.000Z');
    expect(csvCell(12)).toBe('12');
  });
});

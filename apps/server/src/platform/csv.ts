/**
 * CSV as spreadsheets open it: comma separated, CRLF line ends, a UTF-8 byte-order mark so Excel
 * reads Chinese names right, and every cell that could start a formula (=, +, -, @, tab, CR)
 * prefixed with a quote so a member's name can never run in a staff member's spreadsheet.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Hides the middle of a bound contact: "13812345678" → "138****5678", "jane@example.com" → "j***@example.com". */
export function maskContact(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, 1)}***${value.slice(at)}`;
  if (value.length >= 7) return `${value.slice(0, 3)}****${value.slice(-4)}`;
  return value;
}

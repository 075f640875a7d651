// CSV a spreadsheet opens (RFC 4180): comma-separated, CRLF line ends, fields with commas, quotes
// or line breaks quoted. Text that a spreadsheet would run as a formula gets a leading apostrophe.

type Cell = string | number | null;

function cell(value: Cell): string {
  if (value === null) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

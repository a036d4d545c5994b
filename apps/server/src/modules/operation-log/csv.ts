/**
 * RFC 4180 CSV for spreadsheets: a UTF-8 byte-order mark (so Excel reads Chinese), CRLF lines,
 * every cell quoted. A cell that a spreadsheet would run as a formula (= + - @ at the start) is
 * prefixed with ' (OWASP's guard against CSV injection): log rows carry what users typed.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

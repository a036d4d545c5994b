/**
 * RFC 4180 CSV for spreadsheets, as the server's exports write it: a UTF-8 byte-order mark (so
 * Excel reads Chinese), CRLF lines, every cell quoted. A cell a spreadsheet would run as a
 * formula (= + - @ at the start) gets a leading ' (OWASP's guard against CSV injection): URLs,
 * referers and User-Agents are whatever clients sent.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Has the browser save `text` as a file (no server round trip: the rows are in hand). */
export function saveTextFile(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

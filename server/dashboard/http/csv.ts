// RFC 4180 quoting, and a leading ' before = + - @ so a spreadsheet never runs a cell as a formula.
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line (CRLF-terminated) of the cells given. */
export const csvLine = (cells: readonly (string | number | null)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`

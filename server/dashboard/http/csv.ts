// A spreadsheet runs a cell that begins with = + - @ as a formula, and may split a line on `;`, tab
// or `|` as well as `,`, some ignoring quotes and line breaks inside them. So a ' goes before a
// formula character that begins the text, or follows any such separator (spaces between), and no
// cell a spreadsheet makes of it can run; the text stays readable. Then RFC 4180 quoting.
const formulaAtStart = /^(?: *[=+\-@]|[\t\r])/
const formulaAfterSeparator = /([,;\t|\r\n] *)([=+\-@])/g

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  // A number the dashboard counted is no formula, and stays a number.
  if (typeof value === 'number') return String(value)
  let text = value.replace(formulaAfterSeparator, "$1'$2")
  if (formulaAtStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV line (CRLF-terminated) of the cells given. */
export const csvLine = (cells: readonly (string | number | null)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`

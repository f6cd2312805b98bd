/**
 * The audit and coverage exports (server/dashboard/http/csv.ts) are opened in spreadsheets, some
 * of which split a line on `;`, tab or `|` rather than `,`, and some of which ignore quotes: no
 * cell, however a spreadsheet splits it, may begin with a formula character.
 */
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from '../../../server/dashboard/http/csv.ts'

const formula = /^\s*[=+\-@]/
const separators = [',', ';', '\t', '|']

/** Every cell a spreadsheet could make of `text`: split on each separator and at line breaks. */
function cellsAsSplitBy(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/)
  return separators.flatMap((delimiter) => [
    ...lines.flatMap((line) => line.split(delimiter)),
    ...Papa.parse<string[]>(text, { delimiter }).data.flat(),
  ])
}

describe('a CSV cell', () => {
  const hostile = [
    'Tote;=HYPERLINK("http://x.example","click")',
    'Tote,=1+1',
    'Tote\t=cmd|" /C calc"!A0',
    'Tote|@SUM(A1:A2)',
    'Tote; +1',
    'Tote;-2+3',
    'Tote\n=1+1',
    'Tote\r\n@x',
    'Tote\r-1',
    '=1+1',
    '@SUM(1)',
    ' =1+1',
  ]

  it.each(hostile)('starts no formula however a spreadsheet splits it: %j', (value) => {
    const line = csvLine(['id-1', value, 3])
    for (const cell of cellsAsSplitBy(line)) expect(cell.replace(/^"/, '')).not.toMatch(formula)
  })

  it('keeps the text readable: a quote before each formula character, nothing else changed', () => {
    expect(csvCell('Tote;=SUM(A1)')).toBe("Tote;'=SUM(A1)")
    expect(csvCell('a|@b\tc')).toBe("a|'@b\tc")
    expect(csvCell('=1')).toBe("'=1")
    expect(csvCell('Linen tote, autumn')).toBe('"Linen tote, autumn"')
    expect(csvCell('T-shirt; 2 sizes')).toBe('T-shirt; 2 sizes')
    expect(csvCell(-3)).toBe('-3')
    expect(csvCell(null)).toBe('')
  })
})

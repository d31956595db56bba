/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A cell that a spreadsheet shows as text: one starting like a formula gets a leading `'`, so
 * `=HYPERLINK(…)` typed into a registration form is never run on the organiser's machine.
 */
export const spreadsheetSafe = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value)

/** One CSV line (RFC 4180): every cell quoted, quotes doubled, spreadsheet-safe, CRLF-terminated. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map((c) => `"${spreadsheetSafe(c ?? '').replace(/"/g, '""')}"`).join(',')}\r\n`
}

/**
 * A spreadsheet runs a cell that starts with one of these as a formula, whatever the file says it
 * is (OWASP "CSV Injection"); a display name someone chose must not become a command on an admin's PC.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number such as -12.50 cannot carry a formula, and prefixing it would turn it into text. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The cell as a spreadsheet should show it: a would-be formula gets a leading `'`, which keeps it text. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell (RFC 4180), always quoted, so that commas, quotes and line breaks inside it stay
 * inside it and every cell is unambiguously text to whoever reads the file.
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${neutralise(text).replace(/"/g, '""')}"`;
}

/** One record, ended with CRLF as RFC 4180 and spreadsheets expect. */
export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

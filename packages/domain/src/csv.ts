// Spreadsheet-safe CSV files (the admin users export, an event's attendee list): one writer, so every
// file the platform hands out follows the same rules. A sub-path export (`@community/domain/csv`),
// not in the index: it brings papaparse, which the front ends that never write a CSV do not need.
//
// Spreadsheet safety (RELIABILITY-SECURITY.md, ASVS 1.2.10): a cell that starts with =, +, -, @, tab or
// carriage return is written with a leading apostrophe, so a spreadsheet shows it as text instead of
// running it. A cell that already starts with an apostrophe gets one too, so stripping exactly one
// apostrophe on import gives back every value unchanged: export then import is lossless.
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as written to the CSV: a leading apostrophe when a spreadsheet could run it (see above). */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value;
}

/** Undoes `escapeCsvCell`: drops the apostrophe the export added, and only that one. */
export function unescapeCsvCell(value: string): string {
  return value.startsWith("'") && (FORMULA_START.test(value.slice(1)) || value[1] === "'")
    ? value.slice(1)
    : value;
}

/** A CSV file: the header row, then the rows, every cell escaped; RFC 4180 quoting, CRLF line ends. */
export function toSpreadsheetCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    { fields: [...fields], data: rows.map((row) => row.map(escapeCsvCell)) },
    { newline: '\r\n', escapeFormulae: false },
  );
}

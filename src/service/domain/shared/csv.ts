import Papa from 'papaparse';

/*
 * The CSV files the office downloads (reports, voucher codes): RFC 4180 written by papaparse
 * (comma, CRLF, quotes where needed) in UTF-8 behind a byte order mark, so a spreadsheet reads the
 * accents right; a text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab) starts
 * with a `'`.
 */

/** The byte order mark that opens every file. */
const CSV_BOM = '\uFEFF';

// A formula's first character, but not in a number a file writes itself (`-12.34`).
const FORMULA = /^(?!-?\d+(\.\d+)?$)[=+\-@\t\r]/;

/** RFC 4180 text of `rows` under `fields` (the header), with the BOM and CRLF line ends. */
export function csvText(fields: string[], rows: (string | number)[][]): string {
  return (
    CSV_BOM +
    Papa.unparse({ fields, data: rows }, { newline: '\r\n', escapeFormulae: FORMULA, header: true }) +
    '\r\n'
  );
}

import { DocumentFormatError } from '../errors.js';

/**
 * Comma-separated text as LibreOffice reads and writes it by default: fields separated by commas,
 * a field quoted with `"` when it holds a comma, a quote or a line break, quotes doubled inside.
 * Lines end with LF or CRLF. Trailing empty lines are dropped.
 */
export function parseCsv(text: string, source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  while (index < body.length) {
    const character = body[index]!;
    if (quoted) {
      if (character === '"' && body[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (character === '"') quoted = false;
      else field += character;
      index += 1;
      continue;
    }
    if (character === '"' && field === '') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (character === '\r' && body[index + 1] === '\n') index += 1;
    } else field += character;
    index += 1;
  }
  if (quoted) throw new DocumentFormatError(`${source}: a quoted field is never closed.`);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  while (rows.length > 0 && rows.at(-1)!.every((cell) => cell === '')) rows.pop();
  return rows;
}

/** Rows as CSV text, quoting only the fields that need it, LF line ends. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  const quote = (field: string): string => (/[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);
  return rows.map((row) => row.map(quote).join(',')).join('\n') + '\n';
}

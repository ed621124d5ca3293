/**
 * An ISBN from a cell as exports write it (`="9780441172719"`, `0-441-17271-7`, `ISBN 978 0 441...`), or null
 * when it is empty or not a valid ISBN-10/13 (wrong check digit, an ASIN, a 13-digit code outside 978/979).
 */
export function cleanIsbn(cell: string | null | undefined): string | null {
  if (!cell) return null;
  let value = cell.trim();
  // Goodreads' spreadsheet guard: ="..." (csv-parse already undid the CSV quoting around it).
  const formula = /^="(.*)"$/s.exec(value);
  if (formula) value = formula[1]!;
  value = value
    .replace(/^isbn(?:-1[03])?:?/i, '')
    .replace(/[\s\u00a0-]+/g, '')
    .toUpperCase();
  if (/^\d{9}[\dX]$/.test(value)) return isbn10CheckDigit(value.slice(0, 9)) === value[9] ? value : null;
  if (/^97[89]\d{10}$/.test(value)) return isbn13CheckDigit(value.slice(0, 12)) === value[12] ? value : null;
  return null;
}

/** The ISBN-13 of a valid ISBN-10 (978 prefix, new check digit). */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + isbn13CheckDigit(body);
}

function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(first9[i]);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

/** Lower-case, accent-free, punctuation-free text: what search compares. */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A book's title as catalogs agree on it: Goodreads appends the series (`Dune (Dune, #1)`,
 * `Leviathan Wakes (The Expanse #1)`) and services differ on subtitles (`Sapiens: A Brief History...`).
 */
export function mainTitle(title: string): string {
  let t = title.trim().replace(/\s+/g, ' ');
  t = t.replace(/\s*\([^()]*#\s*\d[^()]*\)$/, '');
  const colon = t.indexOf(': ');
  if (colon > 0) t = t.slice(0, colon);
  return t.trim();
}

/**
 * Readable slug. Latin accents are dropped ("Amélie" -> "amelie"); other scripts are kept as they are
 * ("千と千尋", "기생충"), since browsers show them in the address bar. Falls back to `item`.
 */
export function slugify(text: string): string {
  const words = text
    .normalize('NFD')
    // Only the combining accents used by Latin, Greek and Cyrillic: kana voicing marks, Hangul jamo and
    // Indic vowel signs are part of the word (NFC below puts the composed ones back together).
    .replace(/[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Cut by code points, not UTF-16 units, so no character is split in half.
  const slug = Array.from(words).slice(0, 80).join('').replace(/-+$/g, '');
  return slug || 'item';
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for a text node or a quoted attribute of HTML, SVG or XML (the five predefined entities). */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

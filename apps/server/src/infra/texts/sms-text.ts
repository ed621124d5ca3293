/** One SMS segment holds 160 GSM-7 septets; anything else makes it UCS-2 (70) or several segments. */
export const SMS_MAX_SEPTETS = 160;

/** GSM 03.38 basic character set (the escape to the extension table left out). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: each is sent as escape + character, two septets. */
const GSM_EXTENSION = new Set('^{}\\[~]|€');

/** Replacements for common characters outside GSM-7. */
const TRANSLITERATIONS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '´': "'",
  '`': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '…': '...',
  '\t': ' ',
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\ufeff': '',
  '•': '-',
  '·': '-',
  '×': 'x',
  '©': '(c)',
  '®': '(R)',
  '™': 'TM',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
};

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function septets(char: string): number {
  if (GSM_BASIC.has(char)) return 1;
  if (GSM_EXTENSION.has(char)) return 2;
  return 0;
}

/** Whether `text` can be sent as GSM-7 as it is (basic set and extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (septets(char) === 0) return false;
  return true;
}

/**
 * `text` with every character outside GSM-7 replaced: by an obvious equivalent (curly quotes, dashes,
 * the ellipsis, letters with accents GSM-7 lacks lose them), else by '?' (one per emoji or other
 * user-perceived character).
 */
export function toGsm7(text: string): string {
  if (isGsm7(text)) return text;
  let out = '';
  for (const { segment } of segmenter.segment(text.normalize('NFC'))) {
    if (isGsm7(segment)) out += segment;
    else {
      const mapped = TRANSLITERATIONS[segment];
      if (mapped !== undefined) out += mapped;
      else {
        const bare = segment.normalize('NFD').replace(/\p{M}+/gu, '');
        out += bare && isGsm7(bare) ? bare : '?';
      }
    }
  }
  return out;
}

/** Septets `text` takes as GSM-7 (extension characters count two), after `toGsm7` for other text. */
export function smsLength(text: string): number {
  let total = 0;
  for (const char of toGsm7(text)) total += septets(char);
  return total;
}

/** A UCS-2 segment holds 70 UTF-16 code units. */
export const SMS_MAX_UCS2_UNITS = 70;

/**
 * Whether `text` has letters GSM-7 cannot write even without their accents (Japanese, Cyrillic,
 * Greek words...): such a text goes as UCS-2, as written, rather than as question marks.
 */
export function needsUcs2(text: string): boolean {
  for (const { segment } of segmenter.segment(text.normalize('NFC'))) {
    if (isGsm7(segment) || TRANSLITERATIONS[segment] !== undefined) continue;
    const bare = segment.normalize('NFD').replace(/\p{M}+/gu, '');
    if (bare && isGsm7(bare)) continue;
    if (/\p{L}/u.test(segment)) return true;
  }
  return false;
}

/** `text` in at most `units` UTF-16 code units, ending with '…' when cut (never inside a character). */
function shortenUcs2(text: string, units: number): string {
  if (text.length <= units) return text;
  let out = '';
  for (const { segment } of segmenter.segment(text)) {
    if (out.length + segment.length > units - 1) break;
    out += segment;
  }
  return `${out.trimEnd()}…`;
}

/**
 * `text + ' ' + link` as a single segment: GSM-7 (at most 160 septets), or UCS-2 (70 code units) for
 * a text in a script GSM-7 lacks. A text that does not fit is cut (at a word boundary in GSM-7) and
 * ends with '...' or '…'; the link is never cut.
 */
export function fitSms({ text, link }: { text: string; link: string }): string {
  // Characters outside GSM-7 in a link are percent-encoded, which keeps it working.
  const url = [...link.trim()].map((c) => (septets(c) > 0 ? c : encodeURIComponent(c))).join('');
  if (needsUcs2(text)) {
    const words = text.replace(/\s+/g, ' ').trim();
    const room = SMS_MAX_UCS2_UNITS - url.length - 1;
    if (room < 2) return url;
    return `${shortenUcs2(words, room)} ${url}`;
  }
  const linkLength = smsLength(url);
  if (linkLength > SMS_MAX_SEPTETS)
    throw new RangeError(`The link takes ${linkLength} septets, more than one SMS holds.`);
  const clean = toGsm7(text).replace(/\s+/g, ' ').trim();
  if (!clean) return url;
  const room = SMS_MAX_SEPTETS - linkLength - 1;
  if (smsLength(clean) <= room) return `${clean} ${url}`;
  const short = shorten(clean, room - 3);
  return short ? `${short}... ${url}` : url;
}

/** The longest start of `text` within `budget` septets, cut at a word boundary when there is one. */
function shorten(text: string, budget: number): string {
  if (budget <= 0) return '';
  const chars = [...text];
  let used = 0;
  let end = 0;
  while (end < chars.length) {
    const cost = septets(chars[end] ?? '');
    if (used + cost > budget) break;
    used += cost;
    end++;
  }
  let cut = chars.slice(0, end).join('');
  // Mid-word: go back to the last space, unless that throws away most of the text (one long word).
  if (chars[end] !== ' ') {
    const space = cut.lastIndexOf(' ');
    if (space >= cut.length / 2) cut = cut.slice(0, space);
  }
  return cut.replace(/[\s,;:.-]+$/, '');
}

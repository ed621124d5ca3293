import type { MediaType } from '@releasebell/contract';
import { escapeMarkup } from '../../lib/text';

/** Hand-picked pairs that read well under white text. */
const PALETTES: [string, string][] = [
  ['#1b2a4a', '#5b3f8c'],
  ['#3a1c32', '#c2413b'],
  ['#0f3b3a', '#2f9c8f'],
  ['#2b2d42', '#8d99ae'],
  ['#3d1f0f', '#d9822b'],
  ['#14213d', '#fca311'],
  ['#1a1423', '#b3679b'],
  ['#0b3d20', '#7cb518'],
  ['#2c0e37', '#e0529c'],
  ['#102a43', '#2f80ed'],
  ['#3b0d11', '#9e2a2b'],
  ['#212529', '#e9c46a'],
];

const TYPE_LABEL: Record<MediaType, string> = { books: 'BOOK', movies: 'FILM', tv_seasons: 'SERIES' };

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]?.replace(/\s*\S*$/, '')}…`;
  return kept;
}

export interface PosterInput {
  key: string;
  mediaType: MediaType;
  title: string;
  byline: string | null;
}

/** A 300x450 poster: gradient, a few shapes seeded by the key, the title and the byline. */
export function renderDemoPoster({ key, mediaType, title, byline }: PosterInput): string {
  const h = hash(key);
  const [from, to] = PALETTES[h % PALETTES.length] ?? PALETTES[0]!;
  const angle = (h >>> 4) % 360;
  const circles = Array.from({ length: 3 }, (_, i) => {
    const v = hash(`${key}:${i}`);
    return `<circle cx="${v % 300}" cy="${(v >>> 9) % 450}" r="${40 + ((v >>> 18) % 110)}" fill="#fff" opacity="${(0.05 + ((v >>> 5) % 10) / 100).toFixed(2)}"/>`;
  }).join('');
  const titleLines = wrap(title, 16, 4);
  const fontSize = titleLines.some((l) => l.length > 13) ? 28 : 32;
  const startY = 300 - (titleLines.length - 1) * fontSize * 1.15;
  const titleSvg = titleLines
    .map(
      (l, i) => `<tspan x="24" y="${(startY + i * fontSize * 1.15).toFixed(0)}">${escapeMarkup(l)}</tspan>`,
    )
    .join('');
  const bylineSvg = byline
    ? `<text x="24" y="410" font-size="15" fill="#fff" opacity="0.85">${escapeMarkup(wrap(byline, 30, 1)[0] ?? '')}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450" role="img" aria-label="${escapeMarkup(title)}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="450" fill="url(#g)"/>${circles}
<rect x="0" y="330" width="300" height="120" fill="#000" opacity="0.25"/>
<text x="24" y="44" font-family="Helvetica, Arial, sans-serif" font-size="13" letter-spacing="3" fill="#fff" opacity="0.8">${TYPE_LABEL[mediaType]}</text>
<text font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${fontSize}" fill="#fff">${titleSvg}</text>
<g font-family="Helvetica, Arial, sans-serif">${bylineSvg}</g>
</svg>`;
}

import { DEFAULT_HYPE_PERCENTAGE, type MediaType } from '@releasebell/contract/constants';

export function placeholderImage(mediaType: MediaType): string {
  return `/placeholders/${mediaType}.svg`;
}

export type HypeTier = 'Hidden Gem' | 'Starting to Buzz' | 'Trending' | 'Highly Anticipated' | 'Breakout Hit';

/** Each tier includes its lower bound: 10 is Starting to Buzz, 30 Trending, 50 Highly Anticipated, 80 Breakout Hit. */
export function hypeTier(percentage: number | null | undefined): HypeTier {
  const p = percentage ?? DEFAULT_HYPE_PERCENTAGE;
  if (!Number.isFinite(p) || p < 0 || p > 100) return 'Breakout Hit';
  if (p < 10) return 'Hidden Gem';
  if (p < 30) return 'Starting to Buzz';
  if (p < 50) return 'Trending';
  if (p < 80) return 'Highly Anticipated';
  return 'Breakout Hit';
}

/** "French" for "fr" in the viewer's language; the code itself if the browser cannot name it. */
export function languageName(code: string, locale?: string): string {
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

import { itemPath, PAGES } from '@releasebell/contract';
import { escapeMarkup } from '../../lib/text';
import type { SitemapRepository, SitemapRow } from './repository';

/** A sitemap file holds at most this many addresses (sitemaps.org); a larger catalog gets an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The static pages the sitemap lists before the titles. */
const STATIC_PATHS = [PAGES.home.path, PAGES.leaderboard.path] as const;

export interface SitemapServiceOptions {
  repo: SitemapRepository;
  /** PUBLIC_URL, no trailing slash: every address in the sitemap starts with it. */
  publicUrl: string;
  /** Addresses per sitemap file (tests make it small). */
  pageSize?: number;
}

/** The sitemap (split into files past SITEMAP_MAX_URLS) and robots.txt. */
export function createSitemapService({
  repo,
  publicUrl,
  pageSize = SITEMAP_MAX_URLS,
}: SitemapServiceOptions) {
  /** The sitemap's files: how many, and whether /sitemap.xml is the only one (no index needed). */
  async function sitemapPlan() {
    const urls = STATIC_PATHS.length + (await repo.count());
    const files = Math.max(1, Math.ceil(urls / pageSize));
    return { files, single: files === 1 };
  }

  const urlEntry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;
  const itemEntry = (row: SitemapRow) =>
    urlEntry(`${publicUrl}${itemPath({ media_type: row.mediaType, slug: row.slug })}`, row.updatedAt);

  /** Sitemap file `n` (1-based): the static pages first (in file 1), then the titles in id order. */
  async function* urlset(n: number): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    const first = (n - 1) * pageSize;
    const statics = STATIC_PATHS.slice(first, first + pageSize);
    for (const p of statics) yield urlEntry(`${publicUrl}${p}`);
    const offset = Math.max(0, first - STATIC_PATHS.length);
    for await (const rows of repo.sitemapRows(offset, pageSize - statics.length)) {
      yield rows.map(itemEntry).join('');
    }
    yield '</urlset>\n';
  }

  return {
    sitemapPlan,

    /** The sitemap index: one entry per file. */
    sitemapIndex(files: number): string {
      const entries = Array.from(
        { length: files },
        (_, i) =>
          `  <sitemap><loc>${escapeMarkup(`${publicUrl}/sitemap-items-${i + 1}.xml`)}</loc></sitemap>\n`,
      ).join('');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
    },

    urlset,

    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;

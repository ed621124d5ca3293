import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

export interface HomeJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
  /** What a page in another language adds: its shared message catalog, by locale (gzip bytes). */
  catalogGzipBytes: Record<string, number>;
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[(m[1] as string).toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/**
 * The JS the home route loads before the app runs: the entry module and its modulepreloads, or, as the
 * build writes it now, the boot script and the modules it names (`data-modules`, ADR 011).
 */
export function initialScripts(indexHtml: string): string[] {
  const files: string[] = [];
  for (const m of indexHtml.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(m[0].slice(m[1]!.length + 1));
    if (m[1]!.toLowerCase() === 'script' && attrs.type === 'module' && attrs.src) files.push(attrs.src);
    if (m[1]!.toLowerCase() === 'script' && attrs['data-modules'] !== undefined && attrs.src) {
      files.push(attrs.src, ...attrs['data-modules'].split(/\s+/).filter(Boolean));
    }
    if (m[1]!.toLowerCase() === 'link' && attrs.rel === 'modulepreload' && attrs.href) files.push(attrs.href);
  }
  return [...new Set(files)];
}

/** Sizes of the home route's initial JS in `distDir`, gzipped at level 9 as a CDN would. */
export async function measureHomeJs(distDir: string): Promise<HomeJs> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const files = [];
  for (const src of initialScripts(html)) {
    if (/^(https?:)?\/\//.test(src)) continue;
    const file = path.join(distDir, src.replace(/^\//, ''));
    if (!existsSync(file)) throw new Error(`index.html names ${src}, which is not in ${distDir}`);
    const content = await readFile(file);
    files.push({
      file: src,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
    });
  }
  // The boot script fetches the page's language's catalog beside the modules (`data-locales`); US
  // English needs none, and the pseudo-locale is for tests.
  const catalogGzipBytes: Record<string, number> = {};
  const locales = /data-locales='([^']*)'/.exec(html)?.[1];
  for (const [locale, src] of Object.entries(JSON.parse(locales ?? '{}') as Record<string, string>)) {
    if (locale === 'en-XA') continue;
    const content = await readFile(path.join(distDir, src.replace(/^\//, '')));
    catalogGzipBytes[locale] = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
  }
  return {
    files,
    catalogGzipBytes,
    totalBytes: files.reduce((a, f) => a + f.bytes, 0),
    totalGzipBytes: files.reduce((a, f) => a + f.gzipBytes, 0),
  };
}

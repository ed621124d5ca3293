import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { type PageTemplate, toTemplate } from './page-head';

export interface LoadedTemplate {
  template: PageTemplate;
  /** Changes whenever index.html does (a new build): part of every cached page's key and ETag. */
  version: string;
}

/**
 * The built web app's index.html as a template, read again only when the file changes (a rebuild
 * while the server runs), as serving the file itself would.
 */
export function createIndexHtml(file: string): () => Promise<LoadedTemplate> {
  let cached: { mtimeMs: number; size: number; loaded: LoadedTemplate } | null = null;
  return async () => {
    const info = await stat(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.loaded;
    const html = await readFile(file, 'utf8');
    const loaded = {
      template: toTemplate(html),
      version: createHash('sha256').update(html).digest('base64url').slice(0, 16),
    };
    cached = { mtimeMs: info.mtimeMs, size: info.size, loaded };
    return loaded;
  };
}

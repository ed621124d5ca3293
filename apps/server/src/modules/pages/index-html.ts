import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { shortHash } from '../../lib/short-hash';
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
      template: toTemplate(await inlineStylesheets(html, path.dirname(file))),
      version: shortHash(html, 16),
    };
    cached = { mtimeMs: info.mtimeMs, size: info.size, loaded };
    return loaded;
  };
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The app's stylesheet (one for every screen: the build does not split it) goes in the page itself:
 * a phone paints the server-rendered page without waiting for a second request (ADR 011).
 */
async function inlineStylesheets(html: string, dir: string): Promise<string> {
  let out = html;
  for (const [tag, href] of html.matchAll(STYLESHEET)) {
    const css = await readFile(path.join(dir, href ?? ''), 'utf8');
    out = out.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return out;
}

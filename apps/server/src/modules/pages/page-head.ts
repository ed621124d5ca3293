import { type PageLocale, PRODUCT_NAME, PRODUCT_TITLE, TAGLINE } from '@releasebell/contract';
import { translate } from '../../infra/i18n';
import { escapeMarkup } from '../../lib/text';

/**
 * What a crawler reads in a page's `<head>`: the title, description, canonical address and the Open
 * Graph and Twitter card tags. The web app's index.html is served with its own `<title>` and
 * description replaced by these, nothing else changed (no script: the CSP stays `script-src 'self'`).
 */

const SITE_DESCRIPTION = /*i18n*/ {
  id: 'product.description',
  message: '{product}: follow upcoming books, movies and TV seasons. {tagline}',
};

/** The title the web app sets on a page named `name` (apps/web/src/lib/page-title.ts): no flicker. */
export const pageTitle = (name: string) => `${name} | ${PRODUCT_NAME}`;

export interface HeadTags {
  title: string;
  description: string;
  /** `<link rel=canonical>` and og:url. */
  canonical?: string;
  /** `<meta name="robots">`, e.g. noindex for a title that is not in the catalog. */
  robots?: string;
  /** Open Graph (`og:*`) properties, in order. */
  og: [string, string][];
  /** Twitter card (`twitter:*`) names, in order. */
  twitter: [string, string][];
}

/**
 * The tags of a page that is not a title's: the product's name and description, in the page's
 * language. The title is the one the web app sets where it names no page ("Releasebell: Never Miss A
 * Release!").
 */
export function siteHead(locale: PageLocale = 'en-US'): HeadTags {
  const values = { product: PRODUCT_NAME, tagline: translate(locale, TAGLINE) };
  const title = translate(locale, PRODUCT_TITLE, values);
  const description = translate(locale, SITE_DESCRIPTION, values);
  return {
    title,
    description,
    og: [
      ['og:type', 'website'],
      ['og:site_name', PRODUCT_NAME],
      ['og:title', title],
      ['og:description', description],
    ],
    twitter: [
      ['twitter:card', 'summary'],
      ['twitter:title', title],
      ['twitter:description', description],
    ],
  };
}

export function renderHead(tags: HeadTags): string {
  const lines = [
    `<title>${escapeMarkup(tags.title)}</title>`,
    `<meta name="description" content="${escapeMarkup(tags.description)}" />`,
  ];
  if (tags.robots) lines.push(`<meta name="robots" content="${escapeMarkup(tags.robots)}" />`);
  if (tags.canonical) lines.push(`<link rel="canonical" href="${escapeMarkup(tags.canonical)}" />`);
  for (const [property, content] of tags.og)
    lines.push(`<meta property="${property}" content="${escapeMarkup(content)}" />`);
  for (const [name, content] of tags.twitter)
    lines.push(`<meta name="${name}" content="${escapeMarkup(content)}" />`);
  return lines.join('\n    ');
}

/**
 * index.html cut where the head tags go (its own `<title>` and description taken out) and where a
 * server-rendered page goes (inside `<div id="root">`).
 */
export interface PageTemplate {
  /** Up to the head's first script, stylesheet or style: where the page's own preloads go. */
  start: string;
  before: string;
  /** From the end of the head tags to the inside of `#root` (the rest of the page when it has none). */
  middle: string;
  /** After `#root`'s closing tag; null when the page has no `<div id="root"></div>`. */
  after: string | null;
}

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title\s*>\s*/i;
const DESCRIPTION = /<meta\s[^>]*\bname\s*=\s*["']?description["']?[^>]*>\s*/i;
const ROOT = /<div id="root"><\/div>/;
/** The first tag of the head that fetches or styles: the page's preloads go before it. */
const EARLY = /<(?:script|style)\b|<link rel="(?:modulepreload|stylesheet)"/i;

const MARK = '\u0000head\u0000';

export function toTemplate(html: string): PageTemplate {
  const marked = html.replace(TITLE, MARK).replace(DESCRIPTION, '');
  const page = marked.replace(MARK, '');
  const headEnd = page.search(/<\/head\s*>/i);
  // Before </head>; a page without one (a bare test page) gets them where its <title> was, else
  // after the doctype.
  const at =
    headEnd >= 0
      ? headEnd
      : marked.includes(MARK)
        ? marked.indexOf(MARK)
        : (/^<!doctype[^>]*>/i.exec(page)?.[0].length ?? 0);
  const rest = page.slice(at);
  const root = ROOT.exec(rest);
  const early = page.slice(0, at).search(EARLY);
  const split = early >= 0 ? early : at;
  const start = page.slice(0, split);
  if (!root) return { start, before: page.slice(split, at), middle: rest, after: null };
  return {
    start,
    before: page.slice(split, at),
    middle: rest.slice(0, root.index + '<div id="root">'.length),
    after: rest.slice(root.index + root[0].length),
  };
}

/** What the server rendered: `#root`'s markup, what follows `#root` (the page data) and the preloads. */
export interface RenderedParts {
  body: string;
  tail: string;
  /** Tags fetched before the page's scripts (the largest image's preload). */
  preloads: string;
}

const HTML_LANG = /(<html\b[^>]*?\slang=")[^"]*(")/i;

/**
 * The page in `lang`: its head tags and, when the server rendered it, its parts. Without them the
 * browser renders it.
 */
export function fillTemplate(
  template: PageTemplate,
  lang: string,
  head: string,
  parts?: RenderedParts,
): string {
  const top = `${template.start.replace(HTML_LANG, `$1${lang}$2`)}${parts?.preloads ?? ''}${template.before}${head}\n  ${template.middle}`;
  if (template.after === null) return top;
  return `${top}${parts?.body ?? ''}</div>${parts?.tail ?? ''}${template.after}`;
}

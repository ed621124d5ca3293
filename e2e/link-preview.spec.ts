import { formatLongReleaseDate } from '@releasebell/contract';
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';

/** Links that preview: a title page as a browser and a crawler read it, its card, the sitemap. */

interface Item {
  title: string;
  slug: string;
  media_type: 'books' | 'movies' | 'tv_seasons';
  description: string;
  release_date: string | null;
  release_date_precision: 'day' | 'month' | 'year' | null;
}

/** The app's dark background (#171923), as the card's corners show it. */
const BACKGROUND = [0x17, 0x19, 0x23];

test.describe('link previews', () => {
  test('a title page names its title, date, description, address and card; the card is a 1200x630 PNG; the sitemap lists the page', async ({
    page,
    request,
    baseURL,
  }) => {
    const upcoming: Item[] = await (await request.get('/upcoming/movies?limit=50')).json();
    const movie = upcoming.find((i) => i.release_date && i.description && /^[\x20-\x7e]+$/.test(i.title));
    expect(movie, 'the demo catalog has a dated movie with a description').toBeDefined();
    const item = movie!;
    const date = formatLongReleaseDate(item.release_date, item.release_date_precision, { weekday: false });
    const pagePath = `/media/movies/${encodeURIComponent(item.slug)}`;
    const pageUrl = `${baseURL}${pagePath}`;

    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 1, name: item.title, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${item.title} | Releasebell`);
    const meta = (attribute: 'property' | 'name', key: string) => page.locator(`meta[${attribute}="${key}"]`);
    const og = (key: string) => meta('property', key);
    const heading = `${item.title} (${date})`;
    await expect(og('og:title')).toHaveAttribute('content', heading);
    await expect(og('og:type')).toHaveAttribute('content', 'website');
    await expect(og('og:site_name')).toHaveAttribute('content', 'Releasebell');
    await expect(og('og:url')).toHaveAttribute('content', pageUrl);
    await expect(og('og:image:width')).toHaveAttribute('content', '1200');
    await expect(og('og:image:height')).toHaveAttribute('content', '630');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl);
    await expect(meta('name', 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
    await expect(meta('name', 'twitter:title')).toHaveAttribute('content', heading);
    const description = await og('og:description').getAttribute('content');
    expect(description && item.description.startsWith(description.replace(/…$/, ''))).toBe(true);
    await expect(meta('name', 'description')).toHaveAttribute('content', description ?? '');
    await expect(meta('name', 'twitter:description')).toHaveAttribute('content', description ?? '');
    // One of each: the app shell's own title and description were replaced, not added to.
    await expect(page.locator('title')).toHaveCount(1);
    await expect(meta('name', 'description')).toHaveCount(1);

    const image = (await og('og:image').getAttribute('content')) ?? '';
    expect(image.startsWith(`${baseURL}/og/movies/${item.slug}.png?v=`)).toBe(true);
    await expect(meta('name', 'twitter:image')).toHaveAttribute('content', image);
    const card = await request.get(image);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
    expect(card.headers()['cache-control']).toBe('public, max-age=86400');
    const png = PNG.sync.read(await card.body());
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect([...png.data.subarray(0, 3)]).toEqual(BACKGROUND);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${pageUrl}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('a crawler that runs no script reads the same tags in the HTML; an unknown title is a 404 with the app', async ({
    request,
    baseURL,
  }) => {
    const books: Item[] = await (await request.get('/upcoming/books?limit=100')).json();
    const undated = books.find((i) => i.release_date === null);
    expect(undated, 'the demo catalog has an undated book').toBeDefined();
    const pagePath = `/media/books/${encodeURIComponent(undated!.slug)}`;
    const res = await request.get(pagePath, {
      headers: { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${pagePath}" />`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+ \(TBD\)" \/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The page itself is in the HTML too: its heading, before any script.
    const page = html.slice(html.indexOf('<div id="root">'));
    const asHtml = undated!.title
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;');
    expect(page).toMatch(/^<div id="root">.+/s);
    expect(page).toContain(`>${asHtml}</h1>`);

    const missing = await request.get('/media/books/no-such-book-anywhere', {
      headers: { accept: 'text/html' },
    });
    expect(missing.status()).toBe(404);
    const shell = await missing.text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('<meta name="robots" content="noindex" />');
  });
});

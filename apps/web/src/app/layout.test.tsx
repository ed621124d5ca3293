import type { PublicConfig } from '@releasebell/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApiRoutes } from '../components/test-utils';
import { Footer } from './layout';

const NOTICE = 'This product uses the TMDB API but is not endorsed or certified by TMDB.';

function serveConfig(tmdbAttribution: boolean) {
  const config: PublicConfig = {
    productName: 'Releasebell',
    amazonAffiliateTag: null,
    contactEmail: 'team@example.org',
    googleSignIn: false,
    tmdbAttribution,
    liveSearch: tmdbAttribution,
    imageProxies: { tmdb: 'https://image.tmdb.org/t/p', isbndb: 'https://images.isbndb.com/covers' },
  };
  stubApiRoutes({ 'GET /api/config': () => ({ status: 200, body: config }) });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Footer', () => {
  it("shows TMDB's logo, linked to TMDB, and its notice when the server uses TMDB", async () => {
    serveConfig(true);
    renderWithProviders(<Footer />);

    const link = await screen.findByRole('link', { name: 'TMDB' });
    expect(link).toHaveAttribute('href', 'https://www.themoviedb.org/');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const logo = screen.getByRole('img', { name: 'TMDB' });
    expect(link).toContainElement(logo);
    expect(logo.getAttribute('src')).toMatch(/tmdb-logo\.svg|^data:image\/svg\+xml/);
    expect(screen.getByText(NOTICE)).toBeInTheDocument();
  });

  it('shows neither without TMDB (the demo catalog)', async () => {
    serveConfig(false);
    renderWithProviders(<Footer />);

    // The server's answer has arrived (its contact address shows), and still no TMDB credit.
    expect(await screen.findByRole('link', { name: 'team@example.org' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'TMDB' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'TMDB' })).not.toBeInTheDocument();
    expect(screen.queryByText(/TMDB/)).not.toBeInTheDocument();
  });

  it('switches the page to the language picked, keeps it for the next page, and leaves the profile alone for a visitor', async () => {
    serveConfig(true);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(<Footer />);
    await screen.findByText(NOTICE);

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });

    expect(
      await screen.findByText(
        'Dieses Produkt nutzt die TMDB-API, wird aber von TMDB weder unterstützt noch zertifiziert.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.cookie).toContain('rb_locale=de');
    expect(document.documentElement.lang).toBe('de');
    // Signed out: nothing is saved on a profile.
    expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('/user/'))).toBe(false);
  });
});

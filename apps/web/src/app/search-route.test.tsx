import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApiRoutes } from '../components/test-utils';
import { SearchRoute } from './search-route';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SearchRoute', () => {
  it('opens the request modal from the empty search, filled from the search', async () => {
    stubApiRoutes({ 'GET /api/search': () => ({ status: 200, body: [] }) });
    renderWithProviders(<SearchRoute />, { route: '/search?query=Moon%20Harbor&type=movies' });

    // The first render also loads the modal's code: give a busy machine time.
    expect(
      await screen.findByRole('heading', { name: 'No Results Found' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Request Missing Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Missing Content' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Moon Harbor');
    expect(within(dialog).getByRole('combobox', { name: 'Media Type' })).toHaveValue('Movies');
  }, 15_000);
});

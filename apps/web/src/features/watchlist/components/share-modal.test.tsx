import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeItem, renderWithProviders, watchlistEntryOf } from '../../../components/test-utils';
import { ShareModal } from './share-modal';

const dated = watchlistEntryOf(makeItem({ item_id: 'a', title: 'Iron Tides', release_date: '2027-08-14' }));
const undated = watchlistEntryOf(
  makeItem({ item_id: 'b', title: 'Fog Lines', release_date: null, release_date_precision: null }),
);

function renderModal() {
  renderWithProviders(<ShareModal entries={[dated, undated]} onClose={() => {}} />);
  return screen.getByRole('dialog', { name: 'Share Your Watchlist' });
}

describe('ShareModal', () => {
  it('previews the selection on the dark background with dates, "Release date TBA" and the brand line', () => {
    const dialog = renderModal();
    const canvas = within(dialog).getByTestId('share-canvas');
    expect(canvas).toHaveStyle({ background: '#171923' });
    expect(within(dialog).getByRole('switch', { name: 'Dark background' })).toBeChecked();
    expect(within(canvas).getByRole('heading', { name: 'My Most Anticipated Releases' })).toBeInTheDocument();
    expect(within(canvas).getByText('Aug 14, 2027')).toBeInTheDocument();
    expect(within(canvas).getByText('Release date TBA')).toBeInTheDocument();
    expect(within(canvas).getByText('Releasebell · Never Miss A Release!')).toBeInTheDocument();
    expect(
      within(canvas)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Iron Tides', 'Fog Lines']);

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Dark background' }));
    expect(canvas).toHaveStyle({ background: '#ffffff' });
  });

  it('draws TMDB posters from the proxy at w342 and ISBNdb covers as stored, each 300x450', () => {
    const movie = watchlistEntryOf(
      makeItem({ item_id: 'm', title: 'Iron Tides', image: '/proxy-image/tmdb/w500/abc.jpg' }),
    );
    const book = watchlistEntryOf(
      makeItem({
        item_id: 'k',
        title: 'Fog Lines',
        media_type: 'books',
        image: '/proxy-image/isbndb/12/34/9781234567897.jpg',
      }),
    );
    renderWithProviders(<ShareModal entries={[movie, book]} onClose={() => {}} />);
    const canvas = screen.getByTestId('share-canvas');
    const [poster, cover] = within(canvas).getAllByRole('img');
    expect(poster).toHaveAttribute('src', '/proxy-image/tmdb/w342/abc.jpg');
    expect(cover).toHaveAttribute('src', '/proxy-image/isbndb/12/34/9781234567897.jpg');
    for (const img of [poster, cover]) {
      expect(img).toHaveAttribute('width', '300');
      expect(img).toHaveAttribute('height', '450');
    }
  });

  it('edits the title on click with a n/30 counter; Save keeps it, Cancel goes back to the default', () => {
    const dialog = renderModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit title: My Most Anticipated Releases' }));
    const input = within(dialog).getByRole('textbox', { name: 'Image title' });
    expect(within(dialog).getByText('28/30')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'A title that is far too long to fit in the image' } });
    expect(input).toHaveValue('A title that is far too long t');
    expect(within(dialog).getByText('30/30')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Ada picks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(within(dialog).getByTestId('share-canvas')).getByRole('heading', { name: 'Ada picks' }),
    ).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit title: Ada picks' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Image title' }), {
      target: { value: 'Something else' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      within(within(dialog).getByTestId('share-canvas')).getByRole('heading', {
        name: 'My Most Anticipated Releases',
      }),
    ).toBeInTheDocument();
  });
});

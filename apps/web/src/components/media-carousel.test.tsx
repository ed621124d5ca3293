import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaCarousel } from './media-carousel';
import { makeItem, renderWithProviders } from './test-utils';

const items = Array.from({ length: 9 }, (_, i) =>
  makeItem({ _id: `id-${i}`, title: `Title ${i}`, slug: `title-${i}` }),
);

// jsdom does no layout: give the scrolling row a width (500) narrower than its content (1900), and a
// ResizeObserver that reports each observed element once, after the commit, as a browser does after layout.
class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
    );
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
  vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lets the observer's first report (a microtask after the commit) reach the carousel. */
async function laidOut() {
  await act(async () => {});
}

function row(): HTMLElement {
  const card = screen.getAllByRole('article')[0];
  if (!card?.parentElement) throw new Error('no carousel row');
  return card.parentElement;
}

function scrollRowTo(left: number) {
  row().scrollLeft = left;
  fireEvent.scroll(row());
}

describe('MediaCarousel', () => {
  it('shows a heading, the cards and a View More link', () => {
    renderWithProviders(
      <MediaCarousel title="Trending" items={items} loading={false} viewMoreTo="/leaderboard" />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/leaderboard');
  });

  it('draws the first seven cards at once and the rest when the browser is idle', async () => {
    renderWithProviders(<MediaCarousel title="Trending" items={items} loading={false} />);
    expect(screen.getAllByRole('article')).toHaveLength(7);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(9), { timeout: 4000 });
  });

  it('draws every card as soon as the row is scrolled or a card is focused', async () => {
    renderWithProviders(<MediaCarousel title="Trending" items={items} loading={false} />);
    scrollRowTo(10);
    expect(await screen.findAllByRole('article')).toHaveLength(9);
  });

  it('draws every card when a keyboard user tabs into the row', async () => {
    renderWithProviders(<MediaCarousel title="Trending" items={items} loading={false} />);
    await userEvent.setup().tab();
    expect(document.activeElement?.closest('article')).not.toBeNull();
    expect(await screen.findAllByRole('article')).toHaveLength(9);
  });

  it('hides the left arrow at the start and the right arrow at the end', async () => {
    renderWithProviders(<MediaCarousel title="Upcoming Releases" items={items} loading={false} />);
    await laidOut();
    expect(screen.queryByRole('button', { name: 'Scroll left' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeInTheDocument();

    scrollRowTo(700);
    expect(screen.getByRole('button', { name: 'Scroll left' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeInTheDocument();

    scrollRowTo(1400);
    expect(screen.getByRole('button', { name: 'Scroll left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scroll right' })).not.toBeInTheDocument();
  });

  it('shows no arrows when every card fits', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(500);
    renderWithProviders(
      <MediaCarousel title="Upcoming Releases" items={items.slice(0, 2)} loading={false} />,
    );
    await laidOut();
    expect(screen.queryByRole('button', { name: /Scroll/ })).not.toBeInTheDocument();
  });

  it('scrolls by exactly one card (236 px) per click, smoothly', async () => {
    renderWithProviders(<MediaCarousel title="Upcoming Releases" items={items} loading={false} />);
    await laidOut();
    const scrollBy = vi.spyOn(row(), 'scrollBy');

    fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 236, behavior: 'smooth' });

    scrollRowTo(236);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -236, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('shows a spinner while loading', () => {
    renderWithProviders(<MediaCarousel title="Trending" items={undefined} loading />);
    expect(screen.getByRole('status', { name: 'Loading Trending' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

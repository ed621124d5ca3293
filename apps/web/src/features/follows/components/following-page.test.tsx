import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { FollowingPage } from './following-page';

const FOLLOWS = [
  {
    id: 'f-1',
    kind: 'author',
    ref: 'isbndb:author:orla-penhallow',
    name: 'Orla Penhallow',
    image: null,
    created_at: '2026-11-26T10:00:00.000Z',
    upcoming: 1,
  },
  {
    id: 'f-2',
    kind: 'series',
    ref: 'tmdb:tv:1399',
    name: 'Harbor Lights',
    image: '/demo-posters/tv_seasons/tv-001.svg',
    created_at: '2026-11-26T10:00:00.000Z',
    upcoming: 0,
  },
];

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('FollowingPage', () => {
  it('lists each follow with its upcoming count, and unfollows one', async () => {
    let follows = FOLLOWS;
    const api = stubApiRoutes({
      'GET /api/follows': () => ({ status: 200, body: { follows } }),
      'DELETE /api/follows/f-1': () => {
        follows = follows.filter((f) => f.id !== 'f-1');
        return { status: 204 };
      },
    });
    renderWithProviders(
      <>
        <Notifications />
        <FollowingPage />
      </>,
      { user: MEMBER },
    );
    const list = await screen.findByRole('list', { name: 'Followed series, people and authors' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Orla PenhallowAuthor · 1 title to come'),
      expect.stringContaining('Harbor LightsTV series · Nothing announced yet'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow Orla Penhallow' }));
    expect(await screen.findByText('The titles it added stay on your watchlist.')).toBeInTheDocument();
    expect(api.called('DELETE', '/api/follows/f-1')).toHaveLength(1);
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });

  it('explains following when there is nothing followed yet', async () => {
    stubApiRoutes({ 'GET /api/follows': () => ({ status: 200, body: { follows: [] } }) });
    renderWithProviders(<FollowingPage />, { user: MEMBER });
    expect(await screen.findByRole('heading', { name: "You don't follow anything yet" })).toBeInTheDocument();
    expect(screen.getByText(/Their next season, film or book joins your watchlist/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find something to follow' })).toHaveAttribute(
      'href',
      '/homepage',
    );
  });

  it('asks a visitor to sign in', () => {
    stubApiRoutes({});
    renderWithProviders(<FollowingPage />, { user: null });
    expect(screen.getByText('Sign in to see the series, people and authors you follow.')).toBeInTheDocument();
  });
});

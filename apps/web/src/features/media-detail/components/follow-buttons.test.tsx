import { Notifications, notifications } from '@mantine/notifications';
import type { FollowOption } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { FollowButtons } from './follow-buttons';

const OPTIONS: FollowOption[] = [
  { kind: 'series', ref: 'tmdb:tv:1399', name: 'Harbor Lights' },
  { kind: 'person', ref: 'tmdb:person:525', name: 'Dana Okafor' },
];

const follow = (ref: string, name: string) => ({
  id: `f-${ref}`,
  kind: 'series',
  ref,
  name,
  image: null,
  created_at: '2026-11-26T10:00:00.000Z',
  upcoming: 2,
});

const toast = (title: string) =>
  waitFor(() => {
    const match = screen.queryAllByRole('alert').find((a) => within(a).queryByText(title));
    if (!match) throw new Error(`no toast titled ${title}`);
    return match;
  });

afterEach(() => {
  act(() => notifications.clean());
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FollowButtons', () => {
  it('follows for a member, says what it added, and turns into "Following"', async () => {
    let followed = false;
    const api = stubApiRoutes({
      'GET /api/follows': () => ({
        status: 200,
        body: { follows: followed ? [follow('tmdb:tv:1399', 'Harbor Lights')] : [] },
      }),
      'POST /api/follows': () => {
        followed = true;
        return { status: 201, body: { ...follow('tmdb:tv:1399', 'Harbor Lights'), added: 2 } };
      },
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
    });
    renderWithProviders(
      <>
        <Notifications />
        <FollowButtons options={OPTIONS} />
      </>,
      { user: MEMBER },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Follow Harbor Lights' }));
    const said = await toast('Following Harbor Lights');
    expect(said).toHaveTextContent('2 titles still to come are on your watchlist.');
    expect(api.called('POST', '/api/follows').map((c) => c.body)).toEqual([{ ref: 'tmdb:tv:1399' }]);
    const done = await screen.findByRole('button', { name: 'Following Harbor Lights' });
    expect(done).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Follow Dana Okafor' })).toBeEnabled();
  });

  it('for a visitor opens sign-in, then follows once they are signed in', async () => {
    const api = stubApiRoutes({
      'GET /api/follows': () => ({ status: 200, body: { follows: [] } }),
      'POST /api/follows': () => ({
        status: 201,
        body: { ...follow('tmdb:person:525', 'Dana Okafor'), added: 0 },
      }),
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
    });
    const { session } = renderWithProviders(
      <>
        <Notifications />
        <FollowButtons options={OPTIONS} />
      </>,
      { user: null },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Follow Dana Okafor' }));
    expect(session.current?.isModalOpen).toBe(true);
    expect(api.calls).toEqual([]);
    act(() => session.current?.completeSignIn(MEMBER));
    await waitFor(() =>
      expect(api.called('POST', '/api/follows').map((c) => c.body)).toEqual([{ ref: 'tmdb:person:525' }]),
    );
    expect(await toast('Following Dana Okafor')).toHaveTextContent('Nothing is announced yet.');
  });

  it('waits for the session when clicked before it is known: a member follows without signing in', async () => {
    let answerSession: () => void = () => {};
    const api = stubApiRoutes({
      'GET /api/session': () =>
        new Promise((resolve) => {
          answerSession = () => resolve({ status: 200, body: { user: MEMBER } });
        }),
      'GET /api/follows': () => ({ status: 200, body: { follows: [] } }),
      'POST /api/follows': () => ({
        status: 201,
        body: { ...follow('tmdb:tv:1399', 'Harbor Lights'), added: 1 },
      }),
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
    });
    const { session } = renderWithProviders(<FollowButtons options={OPTIONS} />, { sessionUnknown: true });
    fireEvent.click(screen.getByRole('button', { name: 'Follow Harbor Lights' }));
    expect(session.current?.isModalOpen).toBe(false);
    act(() => answerSession());
    await waitFor(() =>
      expect(api.called('POST', '/api/follows').map((c) => c.body)).toEqual([{ ref: 'tmdb:tv:1399' }]),
    );
    expect(session.current?.isModalOpen).toBe(false);
  });

  it('forgets the choice when the visitor closes sign-in without signing in', () => {
    const api = stubApiRoutes({});
    const { session } = renderWithProviders(<FollowButtons options={OPTIONS} />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Follow Harbor Lights' }));
    act(() => session.current?.closeModal());
    act(() => session.current?.completeSignIn(MEMBER));
    expect(api.called('POST', '/api/follows')).toEqual([]);
  });
});

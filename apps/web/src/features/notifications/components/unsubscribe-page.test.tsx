import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { UnsubscribePage } from './unsubscribe-page';

const pause = () => fireEvent.click(screen.getByRole('button', { name: 'Pause release emails' }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UnsubscribePage', () => {
  it('explains, pauses release emails with the token, and links to the profile to resume', async () => {
    const api = stubApiRoutes({
      'POST /api/notifications/unsubscribe': () => ({ status: 200, body: { email_paused: true } }),
    });
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=tok%2Fen.1' });
    expect(document.title).toBe('Pause release emails | Releasebell');
    expect(screen.getByRole('heading', { level: 1, name: 'Pause release emails?' })).toBeInTheDocument();
    expect(screen.getByText(/In-app notifications continue/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    pause();
    expect(await screen.findByText('Release emails are paused.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Pause release emails' })).not.toBeInTheDocument();
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notifications/unsubscribe?token=tok%2Fen.1');
    expect(api.calls[0]?.body).toBeUndefined();
  });

  it('says the link is not valid when the server refuses the token', async () => {
    stubApiRoutes({
      'POST /api/notifications/unsubscribe': () => ({
        status: 400,
        body: { error: { code: 'INVALID_TOKEN', message: 'This link is not valid.' } },
      }),
    });
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=forged' });
    pause();
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause release emails' })).not.toBeInTheDocument();
  });

  it('says the link is not valid without a token, and sends nothing', () => {
    const api = stubApiRoutes({});
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe' });
    expect(screen.getByText('This unsubscribe link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause release emails' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('keeps the button when something else went wrong', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApiRoutes({
      'POST /api/notifications/unsubscribe': () => ({
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again later.' } },
      }),
    });
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=ok' });
    pause();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause release emails' })).toBeEnabled());
  });
});

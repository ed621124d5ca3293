import { Notifications, notifications } from '@mantine/notifications';
import type { MemberServices, WatchProvider } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { WATCH_TEXTS } from '../../../lib/watch';
import { MyServices } from './my-services';

const service = (id: number, name: string, logo: string | null = `/proxy-image/tmdb/w92/p${id}.jpg`) =>
  ({ id, name, logo, kinds: ['flatrate'] }) satisfies WatchProvider;

const PROVIDERS: Record<string, WatchProvider[]> = {
  GB: [
    service(8, 'Netflix'),
    service(337, 'Disney Plus'),
    service(9, 'Amazon Prime Video'),
    service(103, 'Channel 4', null),
  ],
  DE: [service(8, 'Netflix'), service(30, 'WOW'), service(9, 'Amazon Prime Video')],
  IS: [],
};

const badRequest = (field: string, message: string) => ({
  status: 400,
  body: {
    error: { code: 'VALIDATION_ERROR', message: `${field}: ${message}`, details: [{ field, message }] },
  },
});

/** The services API over one stored value; a country outside PROVIDERS is one TMDB does not list. */
function stubServices(initial: Partial<MemberServices> = {}) {
  let stored: MemberServices = { region: 'GB', provider_ids: [8, 337], include_rent_buy: false, ...initial };
  const routes: Parameters<typeof stubApiRoutes>[0] = {
    'GET /api/services': () => ({ status: 200, body: stored }),
    'PUT /api/services': (body) => {
      const { region, ...rest } = body as MemberServices;
      stored = { ...stored, ...rest, region: region ?? stored.region };
      return { status: 200, body: stored };
    },
    'GET /api/watch-providers': (_, url) => {
      const region = url.searchParams.get('region') ?? '';
      const providers = PROVIDERS[region];
      return providers
        ? { status: 200, body: { region, providers } }
        : badRequest('region', `TMDB lists no streaming services for ${region}`);
    },
  };
  return { ...stubApiRoutes(routes), routes };
}

function renderServices() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return renderWithProviders(
    <>
      <Notifications />
      <MyServices />
    </>,
    { user: MEMBER, route: '/profile' },
  );
}

const section = () => screen.getByRole('region', { name: WATCH_TEXTS.servicesHeading.message });
const toggle = (name: string) => within(section()).getByRole('button', { name });
const country = () => screen.getByLabelText('Country', { selector: 'input' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save services' }));

async function chooseCountry(typed: string, name: string) {
  fireEvent.click(country());
  fireEvent.change(country(), { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MyServices', () => {
  it("loads the member's country and its services as logo toggles, the saved ones pressed", async () => {
    const api = stubServices();
    renderServices();
    expect(
      screen.getByRole('heading', { level: 2, name: WATCH_TEXTS.servicesHeading.message }),
    ).toBeVisible();
    expect(screen.getByText(WATCH_TEXTS.servicesIntro.message)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Netflix' })).toHaveAttribute('aria-pressed', 'true');
    expect(toggle('Disney Plus')).toHaveAttribute('aria-pressed', 'true');
    expect(toggle('Amazon Prime Video')).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('Channel 4')).toHaveAttribute('aria-pressed', 'false');
    // The logo beside the name says nothing more.
    const logo = toggle('Netflix').querySelector('img');
    expect(logo).toHaveAttribute('src', '/proxy-image/tmdb/w92/p8.jpg');
    expect(logo).toHaveAttribute('alt', '');
    expect(within(section()).getByRole('group', { name: WATCH_TEXTS.servicesHeading.message })).toBeVisible();
    expect(country()).toHaveValue('United Kingdom');
    expect(screen.getByRole('checkbox', { name: WATCH_TEXTS.includeRentBuy.message })).not.toBeChecked();
    expect(api.called('GET', '/api/watch-providers').map((c) => c.search)).toEqual(['?region=GB']);
  });

  it('toggles services, and saves them in the list order with rent and buy', async () => {
    const api = stubServices();
    renderServices();
    fireEvent.click(await screen.findByRole('button', { name: 'Disney Plus' }));
    expect(toggle('Disney Plus')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle('Channel 4'));
    fireEvent.click(toggle('Amazon Prime Video'));
    expect(toggle('Amazon Prime Video')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('checkbox', { name: WATCH_TEXTS.includeRentBuy.message }));
    save();

    expect(await screen.findByText(WATCH_TEXTS.servicesSaved.message)).toBeVisible();
    expect(api.called('PUT', '/api/services').map((c) => c.body)).toEqual([
      { region: 'GB', provider_ids: [8, 9, 103], include_rent_buy: true },
    ]);
  });

  it("shows the server's refusal of the services under them", async () => {
    const api = stubServices();
    api.routes['PUT /api/services'] = () => badRequest('provider_ids', 'not listed in GB: 337');
    renderServices();
    await screen.findByRole('button', { name: 'Netflix' });
    save();
    const message = await screen.findByText('not listed in GB: 337');
    expect(
      within(section()).getByRole('group', { name: WATCH_TEXTS.servicesHeading.message }),
    ).toHaveAccessibleDescription('not listed in GB: 337');
    expect(message).toBeVisible();
    expect(screen.queryByText(WATCH_TEXTS.servicesSaved.message)).toBeNull();
  });

  it("reloads another country's services, keeping only the chosen ones it lists too", async () => {
    const api = stubServices();
    renderServices();
    await screen.findByRole('button', { name: 'Netflix' });
    await chooseCountry('Germ', 'Germany');

    expect(await screen.findByRole('button', { name: 'WOW' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(section()).queryByRole('button', { name: 'Disney Plus' })).toBeNull();
    expect(toggle('Netflix')).toHaveAttribute('aria-pressed', 'true');
    expect(api.called('GET', '/api/watch-providers').map((c) => c.search)).toEqual([
      '?region=GB',
      '?region=DE',
    ]);
    save();
    await screen.findByText(WATCH_TEXTS.servicesSaved.message);
    expect(api.called('PUT', '/api/services').map((c) => c.body)).toEqual([
      { region: 'DE', provider_ids: [8], include_rent_buy: false },
    ]);

    // Back to the United Kingdom: Disney Plus was dropped, not kept aside.
    await chooseCountry('United K', 'United Kingdom');
    expect(await screen.findByRole('button', { name: 'Disney Plus' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('says when a country lists no services', async () => {
    stubServices({ region: 'IS', provider_ids: [] });
    renderServices();
    expect(await screen.findByText(WATCH_TEXTS.noProviders.message)).toBeVisible();
    expect(country()).toHaveValue('Iceland');
  });

  it("shows the server's refusal of a country under its select, and saves nothing for it", async () => {
    const api = stubServices();
    renderServices();
    await screen.findByRole('button', { name: 'Netflix' });
    await chooseCountry('Antarc', 'Antarctica');
    await waitFor(() =>
      expect(country()).toHaveAccessibleDescription('TMDB lists no streaming services for AQ'),
    );
    expect(within(section()).queryByRole('button', { name: 'Netflix' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save services' })).toBeDisabled();
    expect(api.called('PUT', '/api/services')).toEqual([]);
  });

  it('says when the services could not be loaded, and tries again', async () => {
    const api = stubServices();
    const loaded = api.routes['GET /api/services'];
    api.routes['GET /api/services'] = () => ({
      status: 500,
      body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
    });
    renderServices();
    expect(await screen.findByText('Your services could not be loaded.')).toBeVisible();
    if (loaded) api.routes['GET /api/services'] = loaded;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Netflix' })).toHaveAttribute('aria-pressed', 'true');
  });
});

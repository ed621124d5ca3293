import { Notifications, notifications } from '@mantine/notifications';
import type { Import, ImportEntry, MediaItem } from '@releasebell/contract';
// The contract's value, read from its module: the web app's own code may take only its types.
import { IMPORT_MAX_BYTES } from '@releasebell/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, makeItem, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { ImportListsPage } from './import-page';

const ID = '3f1c2a4e-8b7d-4c6a-9e21-5d0f7b8a9c10';

const item = (id: string, overrides: Partial<MediaItem>) =>
  makeItem({ _id: id, id, item_id: id, ...overrides });

const LEVIATHAN = item('11111111-1111-4111-8111-111111111111', {
  title: 'Leviathan Falls',
  media_type: 'books',
  creator: 'James S.A. Corey',
  creator_label: 'Author',
});
const HALCYON = item('22222222-2222-4222-8222-222222222222', { title: 'Halcyon Relay' });
const DUNE_A = item('33333333-3333-4333-8333-333333333333', {
  title: 'Dune',
  release_date: '2999-03-01',
  creator: 'Ada Vale',
  creator_label: 'Director',
});
const DUNE_B = item('44444444-4444-4444-8444-444444444444', {
  title: 'Dune',
  release_date: '2998-11-20',
  creator: 'Ben Orr',
  creator_label: 'Director',
});
const TRACKED = item('55555555-5555-4555-8555-555555555555', { title: 'Harbor Lights' });

const ENTRIES: ImportEntry[] = [
  { line: 2, title: 'Leviathan Falls (The Expanse, #9)', year: 2021, status: 'matched', item: LEVIATHAN },
  { line: 3, title: 'Halcyon Relay', year: null, status: 'matched', item: HALCYON },
  { line: 4, title: 'Dune', year: 2999, status: 'ambiguous', candidates: [DUNE_A, DUNE_B] },
  { line: 5, title: 'The Lost Atlas', year: 2020, status: 'unmatched', reason: 'not found' },
  { line: 6, title: 'Harbor Lights', year: null, status: 'already_tracked', item: TRACKED },
  { line: 7, title: 'Sapiens', year: 2011, status: 'skipped', reason: 'on your read shelf' },
];

const READY: Import = {
  id: ID,
  source: 'goodreads',
  status: 'ready',
  rows: 6,
  progress: 1,
  matched: 2,
  ambiguous: 1,
  unmatched: 1,
  already_tracked: 1,
  entries: ENTRIES,
  suggested_follows: [
    {
      ref: 'isbndb:author:orla-penhallow',
      name: 'Orla Penhallow',
      kind: 'author',
      because: 'You have read 3 of their books',
      checked: false,
    },
  ],
};

const MATCHING: Import = {
  ...READY,
  status: 'matching',
  progress: 0.4,
  matched: 1,
  ambiguous: 0,
  unmatched: 0,
  already_tracked: 0,
  entries: ENTRIES.map((e) =>
    e.line > 3 ? { line: e.line, title: e.title, year: e.year, status: 'pending' } : e,
  ),
  suggested_follows: [],
};

const CREATED = { id: ID, source: 'goodreads', rows: 6, status: 'matching' };

const csv = (name = 'goodreads_library_export.csv') =>
  new File(['Book Id,Title,Author\n1,Dune,Frank Herbert\n'], name, { type: 'text/csv' });

const fileInput = () => screen.getByLabelText('Choose a file') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const problem = () =>
  screen.getByText('Drop your export here').closest('section')!.querySelector('[role="alert"]')!;

function renderPage(route = '/import') {
  return renderWithProviders(
    <>
      <Notifications />
      <ImportListsPage />
    </>,
    { user: MEMBER, route },
  );
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImportListsPage', () => {
  it('asks a visitor to sign in', () => {
    stubApiRoutes({});
    renderWithProviders(<ImportListsPage />, { user: null, route: '/import' });
    expect(screen.getByRole('heading', { level: 1, name: 'Import your lists' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sign in to bring the titles you are waiting for from Goodreads, StoryGraph, Letterboxd, IMDb, Trakt, Simkl or another Releasebell.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('offers a labelled file input that takes CSV, JSON and ZIP exports, and says how to get them', () => {
    stubApiRoutes({});
    renderPage();
    expect(fileInput()).toHaveAttribute('type', 'file');
    expect(fileInput()).toHaveAttribute(
      'accept',
      '.csv,.json,.zip,text/csv,application/json,application/zip',
    );
    expect(fileInput()).toHaveAccessibleDescription(/^A CSV, JSON or ZIP file, up to 10 MB\.\s*$/);
    expect(screen.getByText(/My Books → Import and export → Export library/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Goodreads:',
      'StoryGraph:',
      'Letterboxd:',
      'IMDb:',
      'Trakt:',
      'Simkl:',
      'Releasebell:',
    ]);
    expect(screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H1 Import your lists',
      'H2 Get your export',
      'H2 Upload your export',
    ]);
  });

  it('uploads the chosen file as multipart, shows the progress while matching, then the preview', async () => {
    let reads = 0;
    const api = stubApiRoutes({
      'POST /api/imports': () => ({ status: 202, body: CREATED }),
      [`GET /api/imports/${ID}`]: () => ({ status: 200, body: reads++ === 0 ? MATCHING : READY }),
    });
    renderPage();
    const file = csv();
    choose(file);

    const progress = await screen.findByRole('progressbar', { name: 'Matching your titles' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Matching… 40%')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 2, name: 'Goodreads library, 6 rows' })).toBeInTheDocument();

    const uploads = api.called('POST', '/api/imports');
    expect(uploads).toHaveLength(1);
    const form = uploads[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get('file') as File;
    expect(sent).toBeInstanceOf(File);
    expect(sent.name).toBe('goodreads_library_export.csv');
    expect(await sent.text()).toBe(await file.text());
    // No content type of ours: the browser writes multipart/form-data with its boundary.
    const init = vi.mocked(fetch).mock.calls.find(([path]) => path === '/api/imports')?.[1];
    expect(Object.keys(init?.headers ?? {})).not.toContain('content-type');

    // The next poll (a second later) finds it matched.
    const counts = (await screen.findByText('2 matched', {}, { timeout: 3000 })).closest('p');
    expect(counts).toHaveTextContent('2 matched · 1 to choose · 1 not found · 1 already tracked · 1 skipped');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const matched = screen.getByRole('list', { name: 'Matched titles' });
    expect(within(matched).getByRole('checkbox', { name: 'Add Leviathan Falls' })).toBeChecked();
    expect(within(matched).getByRole('checkbox', { name: 'Add Halcyon Relay' })).toBeChecked();
    const dune = screen.getByRole('group', { name: 'Line 4: Dune (2999)' });
    expect(within(dune).getByRole('radio', { name: 'None of these' })).toBeChecked();
    expect(within(dune).getByRole('radio', { name: 'Dune (2999), Director: Ada Vale' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Follow Orla Penhallow' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Follow Orla Penhallow' })).toHaveAccessibleDescription(
      'You have read 3 of their books',
    );
    expect(screen.getByText('Not found (1)')).toBeInTheDocument();
    expect(screen.getByText('Line 5: The Lost Atlas (2020) — not found')).toBeInTheDocument();
    expect(screen.getByText('Skipped (1)')).toBeInTheDocument();
    expect(screen.getByText('Line 7: Sapiens (2011) — on your read shelf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add 2 titles' })).toBeEnabled();
    expect(api.called('GET', `/api/imports/${ID}`)).toHaveLength(2);
  });

  it('refuses a file over 10 MB without sending it, and shows why the server refused another', async () => {
    const message =
      'This file is not a Goodreads, StoryGraph, Letterboxd or IMDb export. Upload the file as it was downloaded.';
    const api = stubApiRoutes({
      'POST /api/imports': () => ({
        status: 400,
        body: { error: { code: 'IMPORT_UNRECOGNISED', message, details: [{ field: 'file', message }] } },
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage();

    const big = csv('huge.csv');
    Object.defineProperty(big, 'size', { value: IMPORT_MAX_BYTES + 1 });
    // Dropped on the zone, as a member would.
    fireEvent.drop(screen.getByText('Drop your export here').parentElement!, {
      dataTransfer: { files: [big], types: ['Files'] },
    });
    expect(problem()).toHaveTextContent('This file is over 10 MB.');
    expect(api.called('POST', '/api/imports')).toEqual([]);

    choose(csv('notes.csv'));
    await waitFor(() => expect(problem()).toHaveTextContent(message));
    expect(api.called('POST', '/api/imports')).toHaveLength(1);
    expect(fileInput()).toBeEnabled();
  });

  it('sends what was unticked, chosen and followed, then says what was added', async () => {
    const api = stubApiRoutes({
      [`GET /api/imports/${ID}`]: () => ({ status: 200, body: READY }),
      [`POST /api/imports/${ID}/apply`]: () => ({
        status: 200,
        body: { added: 2, already_tracked: 1, followed: 1 },
      }),
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
      'GET /api/follows': () => ({ status: 200, body: { follows: [] } }),
    });
    renderPage(`/import?id=${ID}`);

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Add Halcyon Relay' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dune (2998), Director: Ben Orr' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Follow Orla Penhallow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 titles and follow 1' }));

    const done = await screen.findByRole('heading', { level: 2, name: 'Added 2 titles to your watchlist' });
    expect(done).toHaveFocus();
    expect(api.called('POST', `/api/imports/${ID}/apply`).map((c) => c.body)).toEqual([
      { choices: { '3': null, '4': DUNE_B.item_id }, follow: ['isbndb:author:orla-penhallow'] },
    ]);
    expect(screen.getByText('1 was already there.')).toBeInTheDocument();
    expect(screen.getByText('Following 1 more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your watchlist' })).toHaveAttribute('href', '/watchlist');
    expect(screen.getByRole('link', { name: 'See what you follow' })).toHaveAttribute('href', '/following');
    expect(await screen.findByText('2 titles are now on your watchlist.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(fileInput()).toBeInTheDocument();
  });

  it("ticks a Releasebell export's own follows, and sends them unless unticked", async () => {
    const exported: Import = {
      ...READY,
      source: 'releasebell',
      rows: 2,
      matched: 2,
      ambiguous: 0,
      unmatched: 0,
      already_tracked: 0,
      entries: ENTRIES.slice(0, 2),
      suggested_follows: [
        {
          ref: 'tmdb:tv:95396',
          name: 'Severance',
          kind: 'series',
          because: 'Followed in your Releasebell export',
          checked: true,
        },
        {
          ref: 'tmdb:person:137427',
          name: 'Denis Villeneuve',
          kind: 'person',
          because: 'Followed in your Releasebell export',
          checked: true,
        },
      ],
    };
    const api = stubApiRoutes({
      [`GET /api/imports/${ID}`]: () => ({ status: 200, body: exported }),
      [`POST /api/imports/${ID}/apply`]: () => ({
        status: 200,
        body: { added: 2, already_tracked: 0, followed: 1 },
      }),
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
      'GET /api/follows': () => ({ status: 200, body: { follows: [] } }),
    });
    renderPage(`/import?id=${ID}`);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Releasebell export, 2 rows' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Follow Severance' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Follow Denis Villeneuve' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Follow Severance' })).toHaveAccessibleDescription(
      'Followed in your Releasebell export',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Follow Denis Villeneuve' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 titles and follow 1' }));
    await screen.findByRole('heading', { level: 2, name: 'Added 2 titles to your watchlist' });
    expect(api.called('POST', `/api/imports/${ID}/apply`).map((c) => c.body)).toEqual([
      { choices: {}, follow: ['tmdb:tv:95396'] },
    ]);
  });

  it('says why applying was refused when it would follow too many at once', async () => {
    const message = 'You can follow at most 30 new things a minute. Try again in a minute.';
    stubApiRoutes({
      [`GET /api/imports/${ID}`]: () => ({ status: 200, body: READY }),
      [`POST /api/imports/${ID}/apply`]: () => ({
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message } },
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage(`/import?id=${ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Follow Orla Penhallow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 titles and follow 1' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Your titles could not be added. Please try again.')).not.toBeInTheDocument();
  });

  it('counts on its button what will be added, and adds nothing when nothing is ticked', async () => {
    stubApiRoutes({ [`GET /api/imports/${ID}`]: () => ({ status: 200, body: READY }) });
    renderPage(`/import?id=${ID}`);
    const button = (name: string) => screen.getByRole('button', { name });

    await screen.findByRole('button', { name: 'Add 2 titles' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add Leviathan Falls' }));
    expect(button('Add 1 title')).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Dune (2999), Director: Ada Vale' }));
    expect(button('Add 2 titles')).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: 'None of these' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add Halcyon Relay' }));
    expect(button('Nothing to add')).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Follow Orla Penhallow' }));
    expect(button('Follow 1')).toBeEnabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Follow Orla Penhallow' }));
    fireEvent.click(button('Tick all'));
    expect(button('Add 2 titles')).toBeEnabled();
    expect(button('Untick all')).toBeInTheDocument();
  });

  it('says when a file could not be matched, and lets the member start over', async () => {
    stubApiRoutes({
      [`GET /api/imports/${ID}`]: () => ({ status: 200, body: { ...READY, status: 'failed', entries: [] } }),
    });
    renderPage(`/import?id=${ID}`);
    expect(await screen.findByText('We could not match this file. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(fileInput()).toBeInTheDocument();
  });
});

import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { RequestContentModal, type RequestContentModalProps } from './request-content-modal';

let fetchMock: ReturnType<typeof vi.fn>;
function stubApi(status: number, body: unknown, hold?: Promise<void>) {
  fetchMock = vi.fn(async () => {
    await hold;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}

/** The modal with a button to open it, as a page would use it. */
function Harness(props: Partial<RequestContentModalProps>) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Notifications />
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <RequestContentModal opened={opened} onClose={() => setOpened(false)} {...props} />
    </>
  );
}

async function openModal(props: Partial<RequestContentModalProps> = {}) {
  renderWithProviders(<Harness {...props} />);
  const dialog = await screen.findByRole('dialog', { name: 'Request Missing Content' });
  return {
    dialog,
    mediaType: within(dialog).getByRole('combobox', { name: 'Media Type' }),
    title: within(dialog).getByRole('textbox', { name: 'Title' }),
    extra: within(dialog).getByRole('textbox', { name: 'Optional Extra Info' }),
    submit: within(dialog).getByRole('button', { name: 'Submit Request' }),
  };
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RequestContentModal', () => {
  it('has the media type (Books, TV Shows, Movies), title and extra info fields, the first two marked required', async () => {
    stubApi(201, {});
    const { mediaType, title, extra } = await openModal();
    expect(mediaType).toHaveValue('Books');
    expect(mediaType).toBeRequired();
    expect(title).toBeRequired();
    expect(extra).not.toBeRequired();

    fireEvent.click(mediaType);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Books', 'TV Shows', 'Movies']);
  });

  it('refuses a blank title with the "Title is required!" toast and sends nothing', async () => {
    stubApi(201, {});
    const { title, submit } = await openModal();
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(submit);

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Title is required!')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Request Missing Content' })).toBeInTheDocument();
  });

  it('sends the request, then says so, closes and starts afresh next time', async () => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi(201, { id: 'r1' }, hold);
    const { mediaType, title, extra, submit } = await openModal({ initialTitle: 'Moon Harbor' });
    expect(title).toHaveValue('Moon Harbor');

    fireEvent.click(mediaType);
    fireEvent.click(await screen.findByRole('option', { name: 'TV Shows' }));
    fireEvent.change(title, { target: { value: '  The Moon Harbor  ' } });
    fireEvent.change(extra, { target: { value: 'Season 2, 2027' } });
    fireEvent.click(submit);

    await waitFor(() => expect(submit).toBeDisabled());
    fireEvent.click(submit);
    release();

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Request Submitted')).toBeInTheDocument();
    expect(within(toast).getByText('Your request has been sent!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request Missing Content' })).not.toBeInTheDocument(),
    );

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/request');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body));
    expect(body).toEqual({
      mediaType: 'tv_seasons',
      title: 'The Moon Harbor',
      extraInfo: 'Season 2, 2027',
      userId: null,
      createdAt: expect.any(String),
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Missing Content' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Moon Harbor');
    expect(within(dialog).getByRole('textbox', { name: 'Optional Extra Info' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Media Type' })).toHaveValue('Books');
  });

  it('keeps the form open with the error toast when the request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi(500, { error: { code: 'INTERNAL', message: 'Internal error' } });
    const { title, submit } = await openModal({ initialMediaType: 'movies' });
    fireEvent.change(title, { target: { value: 'Moon Harbor' } });
    fireEvent.click(submit);

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Could not submit request. Try again.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(title).toHaveValue('Moon Harbor');
    expect(submit).toBeEnabled();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)).mediaType).toBe(
      'movies',
    );
  });

  it('shows its toasts for 3 seconds', async () => {
    stubApi(201, {});
    const show = vi.spyOn(notifications, 'show');
    const { title, submit } = await openModal();
    fireEvent.click(submit);
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Error', message: 'Title is required!', autoClose: 3000 }),
    );
    fireEvent.change(title, { target: { value: 'Moon Harbor' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({
          title: 'Request Submitted',
          message: 'Your request has been sent!',
          autoClose: 3000,
        }),
      ),
    );
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown';
import { MediaImage } from './media-image';
import { makeItem } from './test-utils';

afterEach(() => vi.useRealTimers());

describe('Countdown', () => {
  it('ticks every second and reads "Released!" once the release day begins', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 5, 14, 23, 59, 58));
    render(<Countdown releaseDate="2026-06-15" precision="day" variant="card" />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent('0d 0h 0m');
    act(() => vi.advanceTimersByTime(2000));
    expect(timer).toHaveTextContent('Released!');
  });

  it('ticks every second but is drawn again only when what it reads changes', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 5, 14, 12, 0, 30));
    let draws = 0;
    render(
      <Profiler id="countdown" onRender={() => draws++}>
        <Countdown releaseDate="2026-06-20" precision="day" variant="card" />
      </Profiler>,
    );
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('5d 11h 59m');
    const first = draws;
    // Twenty ticks within the same minute: a page of cards does no work for them.
    act(() => vi.advanceTimersByTime(20_000));
    expect(draws).toBe(first);
    act(() => vi.advanceTimersByTime(15_000));
    expect(timer).toHaveTextContent('5d 11h 58m');
    expect(draws).toBe(first + 1);
  });

  it('reads "Coming Soon" on a card without a date and shows nothing on the detail page', () => {
    const { container } = render(
      <>
        <Countdown releaseDate={null} precision={null} variant="card" />
        <Countdown releaseDate={null} precision={null} variant="detail" />
      </>,
    );
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    expect(container).toHaveTextContent(/^Coming Soon$/);
  });

  it('reads "Releases in ..." on the detail page', () => {
    render(<Countdown releaseDate="2999-01-01" precision="day" variant="detail" />);
    expect(screen.getByRole('timer')).toHaveTextContent(/^Releases in \d+d \d+h \d+m$/);
  });

  it('has no clock for a year date, which reads "Released!" only once the year is over', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2028, 11, 31, 23, 59, 58));
    render(
      <>
        <Countdown releaseDate="2028-01-01" precision="year" variant="card" />
        <Countdown releaseDate="2028-01-01" precision="year" variant="detail" />
      </>,
    );
    const [card, detail] = screen.getAllByRole('timer');
    expect(card).toHaveTextContent(/^Coming Soon$/);
    expect(detail).toHaveTextContent(/^Releases in 2028$/);
    act(() => vi.advanceTimersByTime(2000));
    expect(card).toHaveTextContent(/^Released!$/);
    expect(detail).toHaveTextContent(/^Now Available!$/);
  });

  it('has no clock for a month date, which stays upcoming through its month', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2027, 2, 20, 12, 0, 0));
    render(
      <>
        <Countdown releaseDate="2027-03-01" precision="month" variant="card" />
        <Countdown releaseDate="2027-03-01" precision="month" variant="detail" />
      </>,
    );
    const [card, detail] = screen.getAllByRole('timer');
    expect(card).toHaveTextContent(/^Coming Soon$/);
    expect(card).toHaveAttribute('data-state', 'approximate');
    expect(detail).toHaveTextContent(/^Releases in March 2027$/);
  });
});

describe('MediaImage', () => {
  it('falls back to the media type placeholder when the image is missing or fails', () => {
    const { rerender } = render(<MediaImage item={makeItem({ image: null, media_type: 'books' })} />);
    expect(screen.getByRole('img', { name: 'Halcyon Relay' })).toHaveAttribute(
      'src',
      '/placeholders/books.svg',
    );

    rerender(<MediaImage item={makeItem({ image: '/broken.jpg', media_type: 'tv_seasons' })} />);
    const img = screen.getByRole('img', { name: 'Halcyon Relay' });
    expect(img).toHaveAttribute('src', '/broken.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/placeholders/tv_seasons.svg');
  });
});

describe('Countdown, as the server draws it (no clock of the viewer yet)', () => {
  it('keeps the place of a dated countdown with an invisible line, and draws an undated one at once', async () => {
    const { renderToString } = await import('react-dom/server');
    const dated = renderToString(<Countdown releaseDate="2027-03-14" precision="day" variant="card" />);
    expect(dated).toMatch(/^<span data-variant="card" aria-hidden="true" class="[^"]*">\u00a0<\/span>$/);
    expect(dated).not.toContain('role="timer"');
    const undated = renderToString(<Countdown releaseDate={null} precision={null} variant="card" />);
    expect(undated).toContain('Coming Soon');
    expect(renderToString(<Countdown releaseDate={null} precision={null} variant="detail" />)).toBe('');
  });
});

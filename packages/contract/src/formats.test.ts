import { describe, expect, it } from 'vitest';
import { formatCountdownIn, formatDateIn, formatDaysIn, LOCALES, type Locale } from './constants';

const day = '2027-03-14';
/** Intl writes the no-break spaces typography asks for (French "1 jour"): compared as plain spaces. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('dates by precision, in each locale', () => {
  const cases: Record<Locale, { short: string; long: string; weekday: string; month: string; year: string }> =
    {
      'en-US': {
        short: 'Mar 14, 2027',
        long: 'March 14, 2027',
        weekday: 'Sunday, March 14, 2027',
        month: 'March 2027',
        year: '2027',
      },
      'en-GB': {
        short: '14 Mar 2027',
        long: '14 March 2027',
        weekday: 'Sunday, 14 March 2027',
        month: 'March 2027',
        year: '2027',
      },
      es: {
        short: '14 mar 2027',
        long: '14 de marzo de 2027',
        weekday: 'domingo, 14 de marzo de 2027',
        month: 'marzo de 2027',
        year: '2027',
      },
      fr: {
        short: '14 mars 2027',
        long: '14 mars 2027',
        weekday: 'dimanche 14 mars 2027',
        month: 'mars 2027',
        year: '2027',
      },
      de: {
        short: '14. März 2027',
        long: '14. März 2027',
        weekday: 'Sonntag, 14. März 2027',
        month: 'März 2027',
        year: '2027',
      },
      'pt-BR': {
        short: '14 de mar. de 2027',
        long: '14 de março de 2027',
        weekday: 'domingo, 14 de março de 2027',
        month: 'março de 2027',
        year: '2027',
      },
      ja: {
        short: '2027年3月14日',
        long: '2027年3月14日',
        weekday: '2027年3月14日日曜日',
        month: '2027年3月',
        year: '2027年',
      },
    };

  it.each(LOCALES)('%s', (locale) => {
    const want = cases[locale];
    expect(plain(formatDateIn(locale, day, 'day'))).toBe(want.short);
    expect(plain(formatDateIn(locale, day, 'day', 'long'))).toBe(want.long);
    expect(plain(formatDateIn(locale, day, 'day', 'weekday'))).toBe(want.weekday);
    expect(plain(formatDateIn(locale, '2027-03-01', 'month'))).toBe(want.month);
    expect(plain(formatDateIn(locale, '2027-01-01', 'year', 'weekday'))).toBe(want.year);
  });

  it('writes the calendar date as given, whatever the reader’s zone, and nothing for no date', () => {
    expect(plain(formatDateIn('fr', '2027-01-01', 'day'))).toBe('1 janv. 2027');
    expect(formatDateIn('de', '2026-12-31', 'day')).toBe('31. Dez. 2026');
    expect(formatDateIn('fr', null)).toBeNull();
    expect(formatDateIn('ja', '2027-13-45')).toBeNull();
  });
});

describe('countdowns and plurals, in each locale', () => {
  it('writes time left with the units a reader of each language expects', () => {
    const left = { days: 12, hours: 4, minutes: 3 };
    expect(Object.fromEntries(LOCALES.map((l) => [l, plain(formatCountdownIn(l, left))]))).toEqual({
      'en-US': '12d 4h 3m',
      'en-GB': '12d 4h 3m',
      es: '12d 4h 3min',
      fr: '12j 4h 3min',
      de: '12 Tg. 4 Std. 3 Min.',
      'pt-BR': '12 dias 4 h 3 min',
      ja: '12 日 4 時間 3 分',
    });
  });

  it('counts days by the language’s plural rules', () => {
    expect(plain(formatDaysIn('de', 3))).toBe('3 Tage');
    expect(plain(formatDaysIn('de', 1))).toBe('1 Tag');
    expect(plain(formatDaysIn('fr', 1))).toBe('1 jour');
    expect(plain(formatDaysIn('fr', 0))).toBe('0 jour');
    expect(plain(formatDaysIn('pt-BR', 2))).toBe('2 dias');
    expect(plain(formatDaysIn('en-US', 1))).toBe('1 day');
    expect(plain(formatDaysIn('ja', 3))).toBe('3 日');
  });
});

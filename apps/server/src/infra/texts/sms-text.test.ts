import { describe, expect, it } from 'vitest';
import {
  fitSms,
  isGsm7,
  needsUcs2,
  SMS_MAX_SEPTETS,
  SMS_MAX_UCS2_UNITS,
  smsLength,
  toGsm7,
} from './sms-text';

const LINK = 'https://rb.example/r/Ab3dE9xQ2z'; // 30 characters, like the short links we send

describe('isGsm7', () => {
  it('accepts the basic set and the extension table', () => {
    expect(isGsm7('Hello @ £5 ¥ è é ù ì ò Ç Ø ø Å å Δ _ Φ Ω ß É ¡ ¿ Ä Ö Ñ Ü § ä ö ñ ü à\n\r')).toBe(true);
    expect(isGsm7('^{}\\[~]|€')).toBe(true);
    expect(isGsm7('')).toBe(true);
  });

  it('rejects what GSM-7 lacks', () => {
    for (const text of ['it’s', '“quoted”', 'a – b', 'wait…', 'á', 'ç', 'Ł', '🎬', '`', '\t', 'ψ'])
      expect(isGsm7(text), text).toBe(false);
  });
});

describe('smsLength', () => {
  it('counts extension characters as two septets', () => {
    expect(smsLength('abc')).toBe(3);
    expect(smsLength('€5')).toBe(3);
    expect(smsLength('^{}\\[~]|€')).toBe(18);
    expect(smsLength('é£Δ')).toBe(3);
  });
});

describe('toGsm7', () => {
  it('transliterates the obvious and replaces the rest with ?', () => {
    expect(toGsm7('It’s ‘here’: “Dune” – Part Two — at last…')).toBe(
      `It's 'here': "Dune" - Part Two - at last...`,
    );
    expect(toGsm7('Amélie, Pokémon, Ångström, Crème brûlée, São Paulo, Łódź')).toBe(
      'Amélie, Pokémon, Ångström, Crème brulée, Sao Paulo, Lodz',
    );
    expect(toGsm7('Out now 🎬🍿! 👍🏽 👨‍👩‍👧 日本')).toBe('Out now ??! ? ? ??');
    expect(isGsm7(toGsm7('mixed ✓ ☃ 𝔘 \u0301 text'))).toBe(true);
  });

  it('composes decomposed accents before looking them up', () => {
    expect(toGsm7('Poke\u0301mon')).toBe('Pokémon');
  });
});

describe('fitSms', () => {
  it('sends Japanese as it is written, in one UCS-2 segment, and accented Latin as GSM-7', () => {
    const ja = fitSms({ text: 'Releasebell: 星の港の公開日：2027年11月3日', link: LINK });
    expect(ja).toBe(`Releasebell: 星の港の公開日：2027年11月3日 ${LINK}`);
    expect(ja.length).toBeLessThanOrEqual(SMS_MAX_UCS2_UNITS);
    expect(ja.endsWith(` ${LINK}`)).toBe(true);
    const long = fitSms({ text: `Releasebell: ${'新作'.repeat(60)}`, link: LINK });
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_UCS2_UNITS);
    expect(long).toMatch(new RegExp(`…\\s${LINK.replace(/[./]/g, '\\$&')}$`));
    // German and French letters stay GSM-7 (accents GSM-7 lacks are dropped), so 160 septets remain.
    expect(needsUcs2('Papiermonde erscheint am 14. März; la sortie est prévue à Noël')).toBe(false);
    expect(needsUcs2('星の港')).toBe(true);
    expect(needsUcs2('Dune 🎬')).toBe(false);
  });

  it('joins a short text and the link', () => {
    expect(fitSms({ text: 'Dune: Part Two is out', link: LINK })).toBe(`Dune: Part Two is out ${LINK}`);
  });

  it('always stays within one segment with the link whole', () => {
    const words = ['The', 'Lord', 'of', 'the', 'Rings:', 'Extended', 'Edition', '{Remastered}', 'x'];
    for (let length = 0; length < 400; length += 7) {
      let text = '';
      for (let i = 0; text.length < length; i++) text += `${words[i % words.length]} `;
      const sms = fitSms({ text, link: LINK });
      expect(isGsm7(sms)).toBe(true);
      expect(smsLength(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      expect(sms.endsWith(` ${LINK}`) || sms === LINK).toBe(true);
    }
  });

  it('cuts a long text at a word boundary and marks it with ...', () => {
    const text = 'A very long release title '.repeat(10);
    const sms = fitSms({ text, link: LINK });
    expect(sms).toMatch(/^A very long release title .* (A|very|long|release|title)\.\.\. https:/);
    expect(sms.endsWith(` ${LINK}`)).toBe(true);
    expect(smsLength(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(smsLength(sms)).toBeGreaterThan(SMS_MAX_SEPTETS - 12);
  });

  it('counts extension characters double when cutting', () => {
    const sms = fitSms({ text: '€'.repeat(200), link: LINK });
    expect(smsLength(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(sms).toMatch(/^€+\.\.\. https:/);
    expect(smsLength(sms)).toBeGreaterThanOrEqual(SMS_MAX_SEPTETS - 1);
  });

  it('cuts one very long word rather than dropping it', () => {
    const sms = fitSms({ text: `Supercalifragilistic${'x'.repeat(300)}`, link: LINK });
    expect(sms).toMatch(/^Supercalifragilisticx+\.\.\. https:/);
    expect(smsLength(sms)).toBe(SMS_MAX_SEPTETS);
  });

  it('transliterates curly quotes and replaces emoji, keeping the link intact', () => {
    const sms = fitSms({ text: '“Dune” – it’s out 🎬…', link: LINK });
    expect(sms).toBe(`"Dune" - it's out ?... ${LINK}`);
    const long = fitSms({ text: `It’s “${'Épopée '.repeat(40)}” 🎬`, link: LINK });
    expect(isGsm7(long)).toBe(true);
    expect(smsLength(long)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    expect(long.endsWith(` ${LINK}`)).toBe(true);
    expect(long.startsWith(`It's "Épopée`)).toBe(true);
  });

  it('keeps a link with extension characters whole and encodes what GSM-7 lacks in it', () => {
    const link = 'https://rb.example/~me/r/ú';
    const sms = fitSms({ text: 'x '.repeat(100), link });
    expect(sms.endsWith(' https://rb.example/~me/r/%C3%BA')).toBe(true);
    expect(smsLength(sms)).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
  });

  it('sends only the link when there is no text', () => {
    expect(fitSms({ text: '  \n ', link: LINK })).toBe(LINK);
  });

  it('refuses a link that cannot fit in one SMS', () => {
    expect(() => fitSms({ text: 'x', link: `https://rb.example/${'a'.repeat(200)}` })).toThrow(RangeError);
  });
});

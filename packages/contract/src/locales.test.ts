import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isLocale, LOCALES, matchLocale, negotiateLocale } from './constants';

describe('locales', () => {
  it('serves a tag by itself, its language, or English by region', () => {
    expect(LOCALES.map((l) => matchLocale(l))).toEqual(LOCALES);
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('es-419')).toBe('es');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('pt_br')).toBe('pt-BR');
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('ja-JP')).toBe('ja');
    expect(matchLocale('en')).toBe('en-US');
    expect(matchLocale('en-CA')).toBe('en-US');
    expect(matchLocale('en-AU')).toBe('en-GB');
    expect(matchLocale('EN-gb')).toBe('en-GB');
    expect(matchLocale('nl-NL')).toBeNull();
    expect(matchLocale('')).toBeNull();
  });

  it('picks the first served language by weight from Accept-Language', () => {
    expect(negotiateLocale('nl-NL,nl;q=0.9,de;q=0.8,en;q=0.7')).toBe('de');
    expect(negotiateLocale('en;q=0.5, fr-FR')).toBe('fr');
    expect(negotiateLocale('es-MX, en-US;q=0.9')).toBe('es');
    expect(negotiateLocale('ja;q=0, en-GB;q=0.4')).toBe('en-GB');
    expect(negotiateLocale('*')).toBe(DEFAULT_LOCALE);
    expect(negotiateLocale('zh-CN,ko')).toBe(DEFAULT_LOCALE);
    expect(negotiateLocale(undefined)).toBe('en-US');
    expect(negotiateLocale('garbage;;;q=x,,')).toBe('en-US');
  });

  it('knows its own locales only', () => {
    expect(isLocale('pt-BR')).toBe(true);
    expect(isLocale('pt')).toBe(false);
    expect(isLocale(null)).toBe(false);
  });
});

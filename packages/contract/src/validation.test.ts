import { describe, expect, it } from 'vitest';
import { englishOf, smsNumberProblem } from './constants';
import { createTranslator } from './i18n';
import { mergeCatalogs, SERVER_CATALOGS } from './locales/all';
import { localeSchema, passwordSchema } from './users';
import { VALIDATION_MESSAGES, VALIDATION_TEXTS } from './validation';

const { 'en-US': enUS, fr: frMessages } = mergeCatalogs(SERVER_CATALOGS);

const render = createTranslator({ 'en-US': enUS });
const t = (descriptor: Parameters<typeof render>[1], values?: Parameters<typeof render>[2]) =>
  render('en-US', descriptor, values);

describe('schema texts', () => {
  it('are the US English with the values in place', () => {
    expect(englishOf({ ...VALIDATION_MESSAGES.maxLength, values: { max: 50 } })).toBe(
      'must be at most 50 characters',
    );
    expect(englishOf(VALIDATION_MESSAGES.url)).toBe('must be a URL');
    expect(localeSchema.safeParse('xx').error?.issues[0]?.message).toBe(
      'must be one of: en-US, en-GB, es, fr, de, pt-BR, ja',
    );
    expect(passwordSchema.safeParse('abc').error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters',
    );
  });

  it('render in US English as the schemas report them', () => {
    for (const descriptor of VALIDATION_TEXTS) {
      const names = [...(descriptor.message ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const values = { ...Object.fromEntries(names.map((name) => [name, 'X'])), ...descriptor.values };
      expect(t({ ...descriptor, values })).toBe(englishOf({ ...descriptor, values }));
    }
  });
});

describe('smsNumberProblem', () => {
  it('names the countries and the kind of number in the reader’s words', () => {
    expect(smsNumberProblem(t, 'en-US', [], null)).toBe('We can only text mobile numbers.');
    expect(smsNumberProblem(t, 'en-US', ['the United States'], 'premiumRate')).toBe(
      'We can only text mobile numbers in the United States. This is a premium-rate number.',
    );
    expect(smsNumberProblem(t, 'en-US', ['Canada', 'the United States', 'Mexico'], null)).toBe(
      'We can only text mobile numbers in Canada, the United States or Mexico.',
    );
    const french = createTranslator({ fr: frMessages });
    const fr = (descriptor: Parameters<typeof render>[1], values?: Parameters<typeof render>[2]) =>
      french('fr', descriptor, values);
    expect(smsNumberProblem(fr, 'fr', ['Canada', 'États-Unis'], null)).toContain('Canada ou États-Unis');
  });
});

import {
  formatLocaleOf,
  NOTIFICATION_MESSAGES,
  type PageLocale,
  type PhoneNumberKind,
  phoneFormatProblem,
  smsNumberProblem,
} from '@releasebell/contract';
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type ErrorText, HttpError, joined } from '../../errors';
import { translate } from '../i18n';

/** The kinds of number a text can reach: libphonenumber cannot tell some countries' mobiles from landlines. */
const TEXTABLE: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** What a number is when it is not a mobile, as the 400's message names it. */
const KINDS: Partial<Record<NonNullable<NumberType>, PhoneNumberKind>> = {
  FIXED_LINE: 'landline',
  PREMIUM_RATE: 'premiumRate',
  TOLL_FREE: 'tollFree',
  SHARED_COST: 'sharedCost',
  VOIP: 'voip',
  PERSONAL_NUMBER: 'personal',
  PAGER: 'pager',
  UAN: 'switchboard',
  VOICEMAIL: 'voicemail',
};

/** Country names that read with "the" ("in the United States"). */
const WITH_THE = new Set([
  'US',
  'GB',
  'NL',
  'PH',
  'AE',
  'BS',
  'GM',
  'CF',
  'DO',
  'MV',
  'MH',
  'SB',
  'KY',
  'VG',
  'VI',
  'TC',
  'FK',
]);
const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in `language` ("in the United States" in English). */
const countryName = (language: string, code: string) => {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language.startsWith('en') ? 'en' : language], { type: 'region' });
    regionNames.set(language, names);
  }
  const name = names.of(code) ?? code;
  return language.startsWith('en') && WITH_THE.has(code) ? `the ${name}` : name;
};

/** Why the number cannot get texts, in the reader's language. */
const notTextable =
  (countries: readonly string[], kind: PhoneNumberKind | null): ErrorText =>
  (locale: PageLocale) => {
    const language = formatLocaleOf(locale);
    const names = countries.map((code) => countryName(language, code));
    return smsNumberProblem((d, values) => translate(locale, d, values), language, names, kind);
  };

const refuse = (message: ErrorText) =>
  new HttpError(400, 'VALIDATION_ERROR', joined('phone_number: ', message), [
    { field: 'phone_number', message },
  ]);

export interface PhoneRules {
  /**
   * The number in E.164 (`+14155550132`), or null when none was given. A number that cannot be
   * texted (not a mobile, or outside the countries texts go to) is a 400 naming `phone_number` that
   * says why: the profile's number exists for texts, and premium-rate or foreign ones cost money.
   */
  toE164(raw: string | null | undefined): string | null;
  /** Why texts cannot go to this stored number (the rules may have changed since), or null. */
  problem(e164: string): string | null;
}

/** `countries`: ISO 3166-1 codes texts may go to (SMS_COUNTRIES); null for any. */
export function createPhoneRules(countries: readonly string[] | null): PhoneRules {
  const where = countries ?? [];
  const rules: PhoneRules = {
    problem(e164) {
      try {
        rules.toE164(e164);
        return null;
      } catch (err) {
        return err instanceof HttpError ? (err.details?.[0]?.message ?? err.message) : String(err);
      }
    },
    toE164(raw) {
      const value = raw?.trim();
      if (!value) return null;
      const parsed = phoneFormatProblem(value)
        ? undefined
        : parsePhoneNumberFromString(value.startsWith('+') ? value : `+${value.slice(2)}`);
      if (!parsed?.isValid()) throw refuse(NOTIFICATION_MESSAGES.badPhone);
      if (countries && !(parsed.country && countries.includes(parsed.country))) {
        throw refuse(notTextable(where, null));
      }
      const type = parsed.getType();
      if (!type || !TEXTABLE.has(type)) {
        throw refuse(notTextable(where, (type && KINDS[type]) ?? null));
      }
      return parsed.number;
    },
  };
  return rules;
}

import { NOTIFICATION_MESSAGES, phoneFormatProblem, smsNumberProblem } from '@releasebell/contract';
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { HttpError } from '../../errors';

/** The kinds of number a text can reach: libphonenumber cannot tell some countries' mobiles from landlines. */
const TEXTABLE: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** What a number is when it is not a mobile, in the words of the 400's message. */
const KIND_WORDS: Partial<Record<NonNullable<NumberType>, string>> = {
  FIXED_LINE: 'landline',
  PREMIUM_RATE: 'premium-rate',
  TOLL_FREE: 'toll-free',
  SHARED_COST: 'shared-cost',
  VOIP: 'VoIP',
  PERSONAL_NUMBER: 'personal (forwarding)',
  PAGER: 'pager',
  UAN: 'company switchboard',
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
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  const name = regionNames.of(code) ?? code;
  return WITH_THE.has(code) ? `the ${name}` : name;
};

const refuse = (message: string) =>
  new HttpError(400, 'VALIDATION_ERROR', `phone_number: ${message}`, [{ field: 'phone_number', message }]);

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
  const where = countries ? countries.map(countryName) : [];
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
        throw refuse(smsNumberProblem(where, null));
      }
      const type = parsed.getType();
      if (!type || !TEXTABLE.has(type)) {
        throw refuse(smsNumberProblem(where, (type && KIND_WORDS[type]) ?? null));
      }
      return parsed.number;
    },
  };
  return rules;
}

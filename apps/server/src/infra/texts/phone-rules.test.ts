import mobileExamples from 'libphonenumber-js/examples.mobile.json';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { numbersOfEveryType } from '../../../test/phone-examples';
import { HttpError } from '../../errors';
import { createPhoneRules } from './phone-rules';

/** The message of the 400 a number gets, or null when it is taken. */
function refusal(rules: ReturnType<typeof createPhoneRules>, number: string): string | null {
  try {
    rules.toE164(number);
    return null;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    expect(err.statusCode).toBe(400);
    expect(err.details?.map((d) => d.field)).toEqual(['phone_number']);
    return err.details?.[0]?.message ?? '';
  }
}

const anyCountry = createPhoneRules(null);
const usOnly = createPhoneRules(['US']);

describe('which numbers can get texts', () => {
  it('refuses the numbers an attacker used to run up a bill, saying why', () => {
    expect(refusal(usOnly, '+1 900 555 0199')).toBe(
      'We can only text mobile numbers in the United States. This is a premium-rate number.',
    );
    for (const foreign of ['+44 9098 790000', '+881 6 1234 5678', '+7 999 123 4567']) {
      expect(refusal(usOnly, foreign), foreign).toBe('We can only text mobile numbers in the United States.');
    }
    expect(refusal(anyCountry, '+44 9098 790000')).toBe(
      'We can only text mobile numbers. This is a premium-rate number.',
    );
    expect(refusal(createPhoneRules(['US', 'CA', 'GB']), '+7 999 123 4567')).toBe(
      'We can only text mobile numbers in the United States, Canada or the United Kingdom.',
    );
    expect(usOnly.toE164('+1 (415) 555-0132')).toBe('+14155550132');
    expect(usOnly.toE164('  ')).toBeNull();
  });

  it("takes every country's example mobile there, and refuses it where texts do not go", () => {
    const examples = Object.entries(mobileExamples as Record<string, string>);
    expect(examples.length).toBeGreaterThan(200);
    for (const [country, national] of examples) {
      const parsed = parsePhoneNumberFromString(national, country as never);
      // The form's own rule: 8 to 15 digits with the country code (a few islands have shorter ones).
      if (!parsed?.isValid() || parsed.number.length < 9) continue;
      const number = parsed.number;
      expect(refusal(anyCountry, number), `${country} ${number}`).toBeNull();
      // Countries that share a calling code (Åland and Finland, say) are told apart only by the number
      // itself; where libphonenumber gives the number to its neighbour, the neighbour is the country.
      const owner = parsePhoneNumberFromString(number)?.country ?? country;
      expect(createPhoneRules([owner]).toE164(number), `${country} ${number}`).toBe(number);
      const elsewhere = parsed.countryCallingCode === '1' ? 'GB' : 'US';
      expect(refusal(createPhoneRules([elsewhere]), number), `${country} ${number}`).toMatch(
        /^We can only text mobile numbers in the (United States|United Kingdom)\.$/,
      );
    }
  });

  it('refuses landlines, premium-rate, toll-free, VoIP and every other kind, in every country', () => {
    const drawn = numbersOfEveryType(20261126);
    let refused = 0;
    const kinds = new Set<string>();
    for (const { country, type, number, fitsMobile } of drawn) {
      // A number a mobile could have (some countries' mobiles look like their landlines) may be texted.
      if (type === 'MOBILE' || fitsMobile) continue;
      // The form takes 8 to 15 digits (E.164's most), whatever a pattern allows.
      if (number.length < 9 || number.length > 16 || !parsePhoneNumberFromString(number)?.isValid()) continue;
      const message = refusal(anyCountry, number);
      expect(message, `${country} ${type} ${number}`).toMatch(/^We can only text mobile numbers\./);
      refused++;
      kinds.add(message!);
    }
    // Hundreds of numbers, and each kind named in its own words.
    expect(refused).toBeGreaterThan(300);
    for (const kind of ['landline', 'premium-rate', 'toll-free', 'VoIP', 'shared-cost', 'pager']) {
      expect([...kinds]).toContain(`We can only text mobile numbers. This is a ${kind} number.`);
    }
  });

  it('refuses what is not a phone number at all with the format message', () => {
    for (const bad of ['415 555 0132', '+1 555', '+999 1234 5678', 'call me']) {
      expect(refusal(anyCountry, bad), bad).toBe(
        'Enter a valid phone number with its country code, e.g. +1 415 555 0132.',
      );
    }
  });
});

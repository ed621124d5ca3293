// Texts only the API answers with (refusals and limits): the server's catalog holds them, no page
// loads them (lingui.config.js).
import type { MessageDescriptor } from './i18n';
import type { Translate } from './notice-texts';

export const MOBILE_NEEDS_PHONE: MessageDescriptor = /*i18n*/ {
  id: 'notifications.settings.mobileNeedsPhone',
  message: 'A phone number is required for mobile notifications.',
};

/** MOBILE_NEEDS_PHONE when mobile is chosen without a phone number (blank counts as none), else null. */
export function mobilePreferenceProblem(
  channels: readonly string[] | undefined,
  phone: string | null | undefined,
): MessageDescriptor | null {
  return channels?.includes('mobile') && !phone?.trim() ? MOBILE_NEEDS_PHONE : null;
}

const NOT_PUBLIC_URL = /*i18n*/ {
  id: 'auth.notPublicUrl',
  message: 'This address is not PUBLIC_URL ({url}). Open {url} to continue.',
};
/** A state-changing request that reached the product at an address other than PUBLIC_URL. */
export const notPublicUrlMessage = (publicUrl: string): MessageDescriptor => ({
  ...NOT_PUBLIC_URL,
  values: { url: publicUrl },
});

/** Follows (series, people and authors together) a member may have at once. */
export const FOLLOWS_MAX = 500;
/** New follows a member may make per minute, one by one or by applying an import. */
export const FOLLOWS_PER_MINUTE = 30;
export const FOLLOW_MESSAGES = {
  tooMany: /*i18n*/ {
    id: 'error.follows.tooMany',
    message: 'You can follow at most {max} series, people and authors. Unfollow some to follow others.',
    values: { max: FOLLOWS_MAX },
  },
  tooFast: /*i18n*/ {
    id: 'error.follows.tooFast',
    message: 'You can follow at most {max} new things a minute. Try again in a minute.',
    values: { max: FOLLOWS_PER_MINUTE },
  },
} satisfies Record<string, MessageDescriptor>;

/** What a number is when it is not a mobile, as the refusal of a number that cannot get texts says. */
export const PHONE_NUMBER_KINDS = [
  'landline',
  'premiumRate',
  'tollFree',
  'sharedCost',
  'voip',
  'personal',
  'pager',
  'switchboard',
  'voicemail',
] as const;
export type PhoneNumberKind = (typeof PHONE_NUMBER_KINDS)[number];

const SMS_NUMBER = {
  anywhere: /*i18n*/ { id: 'phone.onlyMobiles', message: 'We can only text mobile numbers.' },
  in: /*i18n*/ { id: 'phone.onlyMobilesIn', message: 'We can only text mobile numbers in {countries}.' },
};
const PHONE_KIND_TEXTS: Record<PhoneNumberKind, MessageDescriptor> = {
  landline: /*i18n*/ { id: 'phone.kind.landline', message: 'This is a landline number.' },
  premiumRate: /*i18n*/ { id: 'phone.kind.premiumRate', message: 'This is a premium-rate number.' },
  tollFree: /*i18n*/ { id: 'phone.kind.tollFree', message: 'This is a toll-free number.' },
  sharedCost: /*i18n*/ { id: 'phone.kind.sharedCost', message: 'This is a shared-cost number.' },
  voip: /*i18n*/ { id: 'phone.kind.voip', message: 'This is a VoIP number.' },
  personal: /*i18n*/ { id: 'phone.kind.personal', message: 'This is a personal (forwarding) number.' },
  pager: /*i18n*/ { id: 'phone.kind.pager', message: 'This is a pager number.' },
  switchboard: /*i18n*/ { id: 'phone.kind.switchboard', message: 'This is a company switchboard number.' },
  voicemail: /*i18n*/ { id: 'phone.kind.voicemail', message: 'This is a voicemail number.' },
};

/**
 * Why a number cannot get texts, in the reader's language (`language`, a BCP 47 tag): `countries` are
 * the names, in that language, of the countries texts may go to (empty: any); `kind` is what the
 * number is when it is not a mobile, else null.
 */
export function smsNumberProblem(
  t: Translate,
  language: string,
  countries: readonly string[],
  kind: PhoneNumberKind | null,
): string {
  const where =
    countries.length === 0
      ? t(SMS_NUMBER.anywhere)
      : t(SMS_NUMBER.in, { countries: listInWords(language, countries) });
  return kind ? `${where} ${t(PHONE_KIND_TEXTS[kind])}` : where;
}

/** "A", "A or B", "A, B or C" in `language`'s words. */
function listInWords(language: string, words: readonly string[]): string {
  // The product's US English writes lists without the serial comma, as British English does.
  const lists = new Intl.ListFormat(language === 'en-US' ? 'en-GB' : language, { type: 'disjunction' });
  return lists.format(words);
}

// One for each of the contract's CHANNEL_TYPES (the server looks them up by type).
export const CHANNEL_URL_MESSAGES = {
  discord: /*i18n*/ {
    id: 'validation.channels.discordUrl',
    message: 'must be a Discord webhook URL (https://discord.com/api/webhooks/…)',
  },
  ntfy: /*i18n*/ {
    id: 'validation.channels.ntfyUrl',
    message: 'must be an ntfy topic URL such as https://ntfy.sh/your-topic',
  },
  webhook: /*i18n*/ { id: 'validation.channels.webhookUrl', message: 'must be an https URL' },
} satisfies Record<string, MessageDescriptor>;

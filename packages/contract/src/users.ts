import { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  isRegionCode,
  isTimeZone,
  LOCALE_MESSAGES,
  LOCALES,
  MOVIE_RELEASE_KINDS,
  mobilePreferenceProblem,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MINUTES,
  PHONE_MESSAGES,
  REMINDER_DAY_OPTIONS,
} from './constants';
import { text } from './text';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

export const passwordSchema = text()
  .min(PASSWORD_MIN_LENGTH, { error: say(PASSWORD_MESSAGES.tooShort) })
  .max(PASSWORD_MAX_LENGTH, { error: say(PASSWORD_MESSAGES.tooLong) })
  .regex(/\d/, { error: say(PASSWORD_MESSAGES.noDigit) });

export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** A user id as the identity service issues it; anything else cannot be anyone's id. */
export const uidParamsSchema = z.object({ uid: text() });

const nameSchema = text()
  .trim()
  .max(50, { error: say(V.maxLength, { max: 50 }) });
/** Digits with an optional leading + and common separators; 7 to 15 digits in all. */
export const phoneSchema = z
  .string()
  .trim()
  .max(24, { error: say(V.maxLength, { max: 24 }) })
  .refine((v) => v === '' || /^\+?[\d\s().-]+$/.test(v), { error: say(V.phoneFormat) })
  .refine((v) => v === '' || (v.match(/\d/g)?.length ?? 0) >= 7, { error: say(V.phoneMinDigits, { min: 7 }) })
  .refine((v) => (v.match(/\d/g)?.length ?? 0) <= 15, { error: say(V.phoneMaxDigits, { max: 15 }) });

/** An IANA time zone name ("Europe/Paris"); release messages go out at 09:00 in it. */
export const timeZoneSchema = text().refine(isTimeZone, { error: say(NOTIFICATION_MESSAGES.badTimeZone) });
export const reminderDaysSchema = z
  .number()
  .int()
  .refine((v) => (REMINDER_DAY_OPTIONS as readonly number[]).includes(v), {
    error: say(NOTIFICATION_MESSAGES.badReminderDays),
  });

/** A country from the profile's list (REGION_CODES), e.g. `GB`; either case is taken, upper case kept. */
export const profileRegionSchema = text()
  .regex(/^[A-Za-z]{2}$/, { error: say(V.region) })
  .transform((code) => code.toUpperCase())
  .refine(isRegionCode, { error: say(V.knownRegion) });
/** One of the product's languages (LOCALES), e.g. `fr` or `pt-BR`. */
export const localeSchema = z.enum(LOCALES, { error: () => say(LOCALE_MESSAGES.badLocale) });
export const movieReleaseKindSchema = z.enum(MOVIE_RELEASE_KINDS, {
  error: () => say(V.oneOf, { values: MOVIE_RELEASE_KINDS.join(', ') }),
});

const utmSchema = text()
  .trim()
  .max(100, { error: say(V.maxLength, { max: 100 }) })
  .nullable();

function requirePhoneForMobile(
  value: { phone_number?: string | null; notification_preferences?: string[] },
  ctx: z.RefinementCtx,
) {
  const problem = mobilePreferenceProblem(value.notification_preferences, value.phone_number);
  if (problem) ctx.addIssue({ code: 'custom', path: ['notification_preferences'], message: say(problem) });
}

/** POST /user/register: the spec's registration payload. The user id must be the session's. */
export const registerBodySchema = z
  .strictObject({
    email: z.email({ error: say(V.email) }),
    firebase_id: text().min(1),
    // The client may propose one; the server always generates a unique username itself.
    username: text().max(64).optional(),
    first_name: nameSchema.default(''),
    last_name: nameSchema.default(''),
    phone_number: phoneSchema.nullable().default(null),
    notification_preferences: z.array(notificationChannelSchema).max(2).default(['email']),
    utm_source: utmSchema.default(null),
    utm_medium: utmSchema.default(null),
    utm_campaign: utmSchema.default(null),
    /** The browser's time zone at sign-up. */
    time_zone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
    /** The browser's language at sign-up; absent, the best match of the request's Accept-Language. */
    locale: localeSchema.optional(),
  })
  .superRefine(requirePhoneForMobile);
export type RegisterBody = z.input<typeof registerBodySchema>;

/** PUT /user/update/{uid}: the editable fields. Email is not one of them. */
export const updateProfileBodySchema = z
  .strictObject({
    first_name: nameSchema,
    last_name: nameSchema,
    phone_number: phoneSchema.nullable(),
    notification_preferences: z.array(notificationChannelSchema).max(2),
    // Release-notification settings; each is left as it is when absent.
    time_zone: timeZoneSchema.optional(),
    reminder_days: reminderDaysSchema.optional(),
    email_paused: z.boolean().optional(),
    /** Whose release dates the member sees and is told about; null follows the browser's locale. */
    region: profileRegionSchema.nullable().optional(),
    movie_release_kind: movieReleaseKindSchema.optional(),
    /** The member's language for every page and message. */
    locale: localeSchema.optional(),
  })
  .superRefine(requirePhoneForMobile);
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const usernameSchema = z
  .object({ username: z.string(), locale: localeSchema })
  .meta({ id: 'Username', description: 'The username, and the language the member reads the product in.' });

export const userProfileSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** E.164 (`+442079460958`), the form texts are sent to. */
    phone_number: z.string().nullable(),
    /** The same number as people write it (`+44 20 7946 0958`). */
    phone_number_display: z.string().nullable(),
    /** Same-origin URL of the uploaded picture, or null for the placeholder. */
    avatar: z.string().nullable(),
    notification_preferences: z.array(notificationChannelSchema),
    /** IANA name; release messages go out at 09:00 there, texts never between 21:00 and 08:00. */
    time_zone: z.string(),
    /** Days before a release the reminder goes out (0: none). */
    reminder_days: z.number().int(),
    /** Release emails paused (the unsubscribe link); resumed from the profile. */
    email_paused: z.boolean(),
    /** The member replied STOP to a text: mobile was turned off and stays off until they turn it on. */
    sms_opted_out: z.boolean(),
    /**
     * The member proved the number is theirs with a texted code (POST /api/phone/verification); no
     * text goes to a number that is not. Changing the number clears it.
     */
    phone_verified: z.boolean(),
    /**
     * ISO 3166-1 alpha-2 country whose movie release dates the member sees and is told about; null
     * follows the browser's locale on pages, and the server's default region (TMDB_REGION) in
     * notifications.
     */
    region: z.string().nullable(),
    /** Which movie release the member is told about: theatrical (default), digital or physical. */
    movie_release_kind: movieReleaseKindSchema,
    /** The language every page, message and date reaches the member in. */
    locale: localeSchema,
    created_at: z.string(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What the web app learns about the signed-in user (GET /api/session). */
export const sessionUserSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string(), image: z.string().nullable() })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() }).meta({ id: 'Session' });
export type SessionInfo = z.infer<typeof sessionSchema>;

/** POST /api/account/reset-password: choose a new password with the emailed token, then signed in. */
export const resetPasswordBodySchema = z.strictObject({
  token: text().min(1).max(200),
  newPassword: passwordSchema,
});

/** POST /api/phone/verification: a code was texted to the profile's number. */
export const phoneCodeSentSchema = z
  .object({
    /** The number the code went to, as people write it. */
    phone_number_display: z.string(),
    /** When the code stops working (PHONE_CODE_MINUTES after it was sent). */
    expires_at: z.string(),
  })
  .meta({ id: 'PhoneCodeSent' });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** POST /api/phone/verification/confirm. */
export const phoneCodeBodySchema = z
  .strictObject({
    code: z
      .string({ error: say(PHONE_MESSAGES.codeFormat) })
      .trim()
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), { error: say(PHONE_MESSAGES.codeFormat) }),
  })
  .meta({
    id: 'PhoneCode',
    description: `The code texted to the number, valid ${PHONE_CODE_MINUTES} minutes`,
  });
export type PhoneCodeBody = z.infer<typeof phoneCodeBodySchema>;

export const phoneVerifiedSchema = z
  .object({ phone_verified: z.literal(true) })
  .meta({ id: 'PhoneVerified' });

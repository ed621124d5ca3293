import { LOCALE_COOKIE, LOCALES, pathTo, ROUTES } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../test/helpers';
import { schemaErrorText } from '../errors';

// An error's `message` (and a validation error's details) is written in the reader's language: the
// footer's choice (the rb_locale cookie) first, else the browser's Accept-Language; the `code` that
// clients branch on stays the same.

let app: FastifyInstance;
let member: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  member = await signUp(app, { register: true });
});
afterAll(() => app.close());

const SPANISH = { 'accept-language': 'es-ES,es;q=0.9' };
/** A visitor who picked German in the footer, with a Spanish browser: the choice wins. */
const GERMAN = { 'accept-language': 'es-ES,es;q=0.9', cookie: `${LOCALE_COOKIE}=de` };

const signInWrongly = (headers: Record<string, string> = {}) =>
  app.inject({
    method: ROUTES.signInWithEmail.method,
    url: ROUTES.signInWithEmail.path,
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { email: member.email, password: 'not the password 1' },
  });

const signedOut = (headers: Record<string, string> = {}) =>
  app.inject({ url: pathTo(ROUTES.listFollows), headers });

describe('error messages in the reader’s language', () => {
  it('answers a wrong password in Spanish, in German when German was chosen, with the same code', async () => {
    const english = await signInWrongly();
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({
      error: { code: 'INVALID_PASSWORD', message: 'Incorrect password. Please try again.' },
    });

    const spanish = await signInWrongly(SPANISH);
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toEqual({
      error: { code: 'INVALID_PASSWORD', message: 'Contraseña incorrecta. Inténtalo de nuevo.' },
    });

    const german = await signInWrongly(GERMAN);
    expect(german.statusCode).toBe(401);
    expect(german.json()).toEqual({
      error: { code: 'INVALID_PASSWORD', message: 'Falsches Passwort. Bitte versuche es erneut.' },
    });
  });

  it('answers a 401 in Spanish, or in German when German was chosen, with the same code', async () => {
    expect((await signedOut()).json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' },
    });

    const spanish = await signedOut(SPANISH);
    expect(spanish.statusCode).toBe(401);
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Inicia sesión para continuar.' },
    });

    const german = await signedOut(GERMAN);
    expect(german.statusCode).toBe(401);
    expect(german.headers['content-language']).toBe('de');
    expect(german.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Melde dich an, um fortzufahren.' },
    });
  });

  it('answers the contract’s validation messages in French, field names as they are', async () => {
    const update = (payload: Record<string, unknown>, language?: string) =>
      app.inject({
        method: ROUTES.updateProfile.method,
        url: pathTo(ROUTES.updateProfile, { uid: member.id }),
        headers: {
          cookie: member.cookie,
          origin: TEST_ORIGIN,
          ...(language ? { 'accept-language': language } : {}),
        },
        payload: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          phone_number: null,
          notification_preferences: ['email'],
          ...payload,
        },
      });

    const locales = LOCALES.join(', ');
    const english = await update({ locale: 'klingon', time_zone: 'Mars/Olympus' });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'locale', message: `must be one of: ${locales}` },
        { field: 'time_zone', message: 'must be an IANA time zone name, e.g. Europe/Paris' },
      ]),
    );

    const french = await update({ locale: 'klingon', time_zone: 'Mars/Olympus' }, 'fr');
    expect(french.statusCode).toBe(400);
    expect(french.headers['content-language']).toBe('fr');
    const { error } = french.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: 'locale', message: `doit être l’une des valeurs suivantes\u00a0: ${locales}` },
        { field: 'time_zone', message: 'doit être un nom de fuseau horaire IANA, par ex. Europe/Paris' },
      ]),
    );
    // The top-level message is the details, each "field: message", in the same words.
    expect(error.message).toBe(
      error.details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`).join('; '),
    );

    const tooLong = await update({ first_name: 'A'.repeat(51) }, 'fr');
    expect(tooLong.json().error.details).toEqual([
      { field: 'first_name', message: 'doit contenir au plus 50 caractères' },
    ]);
  });
});

describe('zod’s own refusals in the reader’s language', () => {
  const apply = (payload: Record<string, unknown>, language: string) =>
    app.inject({
      method: ROUTES.updateProfile.method,
      url: pathTo(ROUTES.updateProfile, { uid: member.id }),
      headers: { cookie: member.cookie, origin: TEST_ORIGIN, 'accept-language': language },
      payload,
    });

  it('words a wrong type, a missing field and a field the request does not take, in German and Japanese', async () => {
    const body = { first_name: 42, notification_preferences: ['email'], surprise: true };
    const english = await apply(body, 'en-US');
    expect(english.statusCode).toBe(400);
    expect(english.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'must be text' },
        { field: 'last_name', message: 'is required' },
        { field: 'surprise', message: 'is not a field this request takes' },
      ]),
    );
    const german = await apply(body, 'de');
    expect(german.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'muss Text sein' },
        { field: 'last_name', message: 'ist erforderlich' },
        { field: 'surprise', message: 'ist kein Feld dieser Anfrage' },
      ]),
    );
    const japanese = await apply(body, 'ja');
    expect(japanese.json().error.details).toEqual(
      expect.arrayContaining([{ field: 'last_name', message: '必須です' }]),
    );
  });
});

describe('a body the server cannot read, in the reader’s language', () => {
  const send = (body: string, contentType: string) =>
    app.inject({
      method: ROUTES.updateProfile.method,
      url: pathTo(ROUTES.updateProfile, { uid: member.id }),
      headers: {
        cookie: member.cookie,
        origin: TEST_ORIGIN,
        'content-type': contentType,
        'accept-language': 'fr',
      },
      payload: body,
    });

  it('says so for broken JSON and a content type no route takes, with the same codes', async () => {
    const broken = await send('{"first_name": ', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Le corps de la requête n’est pas du JSON valide.',
    });
    const xml = await send('<profile/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Ce type de contenu n’est pas accepté ici.',
    });
  });
});

describe('schemaErrorText', () => {
  it('finds a schema’s English among the contract’s texts, its values taken from it', () => {
    expect(schemaErrorText('must be an IANA time zone name, e.g. Europe/Paris')).toMatchObject({
      id: 'notifications.settings.badTimeZone',
    });
    expect(schemaErrorText('must be at most 254 characters')).toMatchObject({
      id: 'validation.maxLength',
      values: { max: '254' },
    });
    // The most specific text first: the colon tells the two apart.
    expect(schemaErrorText('must be one of: theatrical, digital, physical')).toMatchObject({
      id: 'validation.oneOf',
      values: { values: 'theatrical, digital, physical' },
    });
    expect(schemaErrorText('must be one of discord, ntfy, webhook')).toMatchObject({
      id: 'validation.oneOfThese',
      values: { values: 'discord, ntfy, webhook' },
    });
  });

  it('leaves a text the contract did not write as it is (the error handler words zod’s own)', () => {
    expect(schemaErrorText('Invalid input: expected string, received number')).toBe(
      'Invalid input: expected string, received number',
    );
  });
});

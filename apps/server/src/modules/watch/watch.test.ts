import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertMember,
  openTestDatabase,
  signUp,
  TEST_ORIGIN,
  type TestDatabase,
  type TestUser,
  track,
} from '../../../test/helpers';
import { mailHeader, startSmtpServer } from '../../../test/smtp';
import { startTmdbFake } from '../../../test/tmdb-fake';
import { mediaItems, memberServiceProviders, memberServices, notificationDeliveries } from '../../db/schema';

const DAY = 86_400_000;
const NETFLIX = 8;
const DISNEY = 337;
const APPLE_STORE = 2;
const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });

describe('where to watch, against the TMDB stand-in', () => {
  let current = new Date(Date.UTC(2027, 2, 1, 12));
  const clock = () => current;
  const later = (ms: number) => {
    current = new Date(current.getTime() + ms);
  };
  let tmdb: Awaited<ReturnType<typeof startTmdbFake>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: TestDatabase;
  let second: Awaited<ReturnType<TestDatabase['openAnother']>>;
  let app: FastifyInstance;
  let other: FastifyInstance;
  let env: Record<string, string>;

  /** A movie of the stand-in's, in the catalog; its item id and slug. */
  async function movie(title: string) {
    const added = tmdb.data.addMovie({ title, usTheatrical: '2027-01-15' });
    const providerId = `tmdb:movie:${added.id}`;
    await app.catalogSync.refresh([{ providerId, title: '' }]);
    const [row] = await app.database.db
      .select({ id: mediaItems.id, slug: mediaItems.slug })
      .from(mediaItems)
      .where(eq(mediaItems.providerId, providerId));
    if (!row) throw new Error('not imported');
    return { tmdbId: added.id, itemId: row.id, slug: row.slug };
  }

  /** A member with services, made in the database, tracking `itemId` since now. */
  async function memberWith(
    region: string,
    providerIds: number[],
    options: { rentBuy?: boolean; user?: TestUser } = {},
  ) {
    const member = options.user ?? (await insertMember(app, { timeZone: 'UTC', region }));
    await app.database.db.insert(memberServices).values({
      userId: member.id,
      region,
      includeRentBuy: options.rentBuy ?? false,
      regionSince: current,
      rentBuySince: options.rentBuy ? current : null,
      updatedAt: current,
    });
    if (providerIds.length > 0) {
      await app.database.db
        .insert(memberServiceProviders)
        .values(providerIds.map((providerId) => ({ userId: member.id, providerId, addedAt: current })));
    }
    return member;
  }

  /** The `available` bell rows: member id to the service names they were told. */
  async function told(itemId: string) {
    const rows = await app.database.db
      .select({ userId: notificationDeliveries.userId, via: notificationDeliveries.viaName })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.itemId, itemId),
          eq(notificationDeliveries.kind, 'available'),
          eq(notificationDeliveries.channel, 'in_app'),
        ),
      );
    const byMember = new Map<string, string[]>();
    for (const r of rows) byMember.set(r.userId, [...(byMember.get(r.userId) ?? []), r.via ?? '']);
    return byMember;
  }

  const pass = async (target = app) => {
    const result = await target.watch.syncAvailability('tracked');
    await target.notifications.tick();
    return result;
  };

  beforeAll(async () => {
    tmdb = await startTmdbFake({ now: clock });
    smtp = await startSmtpServer();
    env = { TMDB_API_TOKEN: tmdb.token, TMDB_API_URL: tmdb.url, SMTP_URL: smtp.url };
    database = await openTestDatabase();
    second = await database.openAnother();
    app = await buildTestApp({ clock, env, database });
    other = await buildTestApp({ clock, env, database: second });
  });
  afterAll(async () => {
    await other.close();
    await app.close();
    await second.close();
    await database.close();
    await Promise.all([tmdb.close(), smtp.close()]);
  });

  it("lists a country's services in TMDB's order, through the image proxy, kept a day", async () => {
    const res = await app.inject({ url: '/api/watch-providers?region=gb' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { region: string; providers: { id: number; name: string; logo: string }[] };
    expect(body.region).toBe('GB');
    const listed = [...tmdb.data.watchProviders('movie', 'GB'), ...tmdb.data.watchProviders('tv', 'GB')];
    const priority = new Map(listed.map((p) => [p.provider_id, p.display_priority]));
    expect(new Set(body.providers.map((p) => p.id))).toEqual(new Set(priority.keys()));
    const priorities = body.providers.map((p) => priority.get(p.id)!);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const netflix = body.providers.find((p) => p.id === NETFLIX);
    expect(netflix?.name).toBe('Netflix');
    expect(netflix?.logo).toMatch(/^\/proxy-image\/tmdb\/w92\/.+\.jpg$/);

    const asked = tmdb.requests.length;
    expect((await app.inject({ url: '/api/watch-providers?region=GB' })).statusCode).toBe(200);
    expect(tmdb.requests.length).toBe(asked);

    const unknown = await app.inject({ url: '/api/watch-providers?region=AQ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('region');
    expect((await app.inject({ url: '/api/watch-providers?region=GBR' })).statusCode).toBe(400);
  });

  it("stores a member's services: their profile's country by default, only its services", async () => {
    const member = await signUp(app, { register: true });
    expect((await app.inject({ url: '/api/services' })).statusCode).toBe(401);
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/services', headers: as(member), payload });
    const empty = (await app.inject({ url: '/api/services', headers: as(member) })).json();
    expect(empty).toEqual({ region: expect.any(String), provider_ids: [], include_rent_buy: false });

    const wrong = await put({ region: 'GB', provider_ids: [NETFLIX, 999_999] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0]).toMatchObject({ field: 'provider_ids' });
    expect(wrong.json().error.details[0].message).toContain('999999');
    expect((await app.inject({ url: '/api/services', headers: as(member) })).json()).toEqual(empty);
    expect((await put({ region: 'GB', provider_ids: 'netflix' })).json().error.details[0].field).toBe(
      'provider_ids',
    );

    const saved = await put({ region: 'GB', provider_ids: [NETFLIX, DISNEY], include_rent_buy: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ region: 'GB', provider_ids: [NETFLIX, DISNEY], include_rent_buy: true });
    expect((await app.inject({ url: '/api/services', headers: as(member) })).json()).toEqual(saved.json());

    await app.inject({
      method: 'PUT',
      url: `/user/update/${member.id}`,
      headers: as(member),
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone_number: null,
        notification_preferences: [],
        region: 'FR',
      },
    });
    const inFrance = await put({ provider_ids: [NETFLIX] });
    expect(inFrance.json()).toEqual({ region: 'FR', provider_ids: [NETFLIX], include_rent_buy: true });
  });

  it("puts `watch` on a title's page: the visitor's country, the member's own with their services first", async () => {
    const title = await movie('The Glass Harbour');
    const page = (headers: Record<string, string> = {}, query = '') =>
      app.inject({ url: `/media/slug/movies/${title.slug}${query}`, headers });
    expect((await page()).json().watch).toBeNull();

    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'flatrate', [DISNEY, NETFLIX]);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'rent', [APPLE_STORE]);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'FR', 'flatrate', [NETFLIX]);
    const viewer = await memberWith('GB', []);
    await track(app, viewer.id, title.itemId, current);
    await pass();

    const gb = (await page({}, '?region=GB')).json().watch;
    expect(gb).toMatchObject({ region: 'GB', updated_at: current.toISOString() });
    expect(gb.link).toContain('locale=GB');
    // Each kind in TMDB's display order for the country (Netflix before Disney Plus in GB).
    expect(gb.offers.map((o: { provider: { id: number }; type: string }) => [o.provider.id, o.type])).toEqual(
      [
        [NETFLIX, 'flatrate'],
        [DISNEY, 'flatrate'],
        [APPLE_STORE, 'rent'],
      ],
    );
    expect(gb.offers.every((o: { on_my_services: boolean }) => !o.on_my_services)).toBe(true);

    const french = (await page({ 'accept-language': 'fr-FR,fr;q=0.9' })).json().watch;
    expect(french.region).toBe('FR');
    expect(french.offers).toHaveLength(1);
    const nowhere = (await page({}, '?region=JP')).json().watch;
    expect(nowhere).toMatchObject({ region: 'JP', offers: [] });

    const member = await signUp(app, { register: true });
    await app.inject({
      method: 'PUT',
      url: '/api/services',
      headers: as(member),
      payload: { region: 'GB', provider_ids: [DISNEY] },
    });
    const mine = await page(as(member));
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const zipped = await page({ ...as(member), 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(mine.json());
    expect(
      mine
        .json()
        .watch.offers.map((o: { provider: { id: number }; on_my_services: boolean }) => [
          o.provider.id,
          o.on_my_services,
        ]),
    ).toEqual([
      [DISNEY, true],
      [NETFLIX, false],
      [APPLE_STORE, false],
    ]);

    // The watchlist marks what streams on the member's services.
    await app.inject({
      method: 'POST',
      url: `/watchlist/${member.id}`,
      headers: as(member),
      payload: { item_id: title.itemId, media_type: 'movies' },
    });
    const list = (await app.inject({ url: `/watchlist/${member.id}`, headers: as(member) })).json();
    expect(list[0].on_my_services).toEqual([
      { id: DISNEY, name: 'Disney Plus', logo: expect.stringMatching(/^\/proxy-image\/tmdb\/w92\//) },
    ]);
  });

  it('tells exactly the members with the service in that country, once, by every channel', async () => {
    const title = await movie('Dune: Part Three');
    const signedIn = await signUp(app, { register: true });
    const netflixGb = await memberWith('GB', [NETFLIX], { user: signedIn });
    const disneyGb = await memberWith('GB', [DISNEY]);
    const netflixFr = await memberWith('FR', [NETFLIX]);
    const storeNoRent = await memberWith('GB', [APPLE_STORE]);
    const storeRent = await memberWith('GB', [APPLE_STORE], { rentBuy: true });
    const notTracking = await memberWith('GB', [NETFLIX]);
    for (const m of [netflixGb, disneyGb, netflixFr, storeNoRent, storeRent]) {
      await track(app, m.id, title.itemId, current);
    }
    later(60_000);
    expect(await pass()).toMatchObject({ newOffers: 0 });

    later(DAY);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'flatrate', [NETFLIX]);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'rent', [APPLE_STORE]);
    const found = await pass();
    expect(found.newOffers).toBe(2);
    const first = await told(title.itemId);
    expect(Object.fromEntries(first)).toEqual({
      [netflixGb.id]: ['Netflix'],
      [storeRent.id]: [expect.any(String)],
    });
    expect(first.has(notTracking.id) || first.has(netflixFr.id) || first.has(disneyGb.id)).toBe(false);

    const mail = smtp.mails.find((m) => m.to.includes(netflixGb.email));
    expect(mailHeader(mail!.raw, 'Subject')).toBe('Dune: Part Three is now streaming on Netflix');
    const bell = (await app.inject({ url: '/api/notifications', headers: as(signedIn) })).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'available',
      item: { title: 'Dune: Part Three' },
      provider: { id: NETFLIX, name: 'Netflix' },
      offer_type: 'flatrate',
      via: null,
    });

    // Asked again: nothing new, nobody told twice.
    later(DAY);
    await pass();
    expect(await told(title.itemId)).toEqual(first);
    expect(smtp.mails.filter((m) => m.to.includes(netflixGb.email))).toHaveLength(1);
  });

  it('tells no one of an offer that was there when the title was tracked, or the service added', async () => {
    const title = await movie('Paper Lanterns');
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'flatrate', [NETFLIX]);
    const early = await memberWith('GB', [NETFLIX]);
    await track(app, early.id, title.itemId, current);
    later(60_000);
    await pass();
    later(DAY);
    // A member who tracks it after it arrived, and one who adds the service after.
    const late = await memberWith('GB', [NETFLIX]);
    await track(app, late.id, title.itemId, current);
    later(60_000);
    await pass();
    expect((await told(title.itemId)).size).toBe(0);

    // An offer that arrives (news to those who had the service then) is not news to one who adds the
    // service later.
    const second = await movie('Paper Lanterns II');
    const switcher = await memberWith('GB', [DISNEY]);
    await track(app, switcher.id, second.itemId, current);
    later(60_000);
    await pass();
    later(DAY);
    tmdb.data.setOffers({ movie: second.tmdbId }, 'GB', 'flatrate', [NETFLIX]);
    await pass();
    later(DAY);
    await app.database.db
      .insert(memberServiceProviders)
      .values({ userId: switcher.id, providerId: NETFLIX, addedAt: current });
    later(60_000);
    await pass();
    expect((await told(second.itemId)).size).toBe(0);
  });

  it('tells once of an offer that flaps, and of one that returns within the gap not again', async () => {
    const title = await movie('Northern Static');
    const member = await memberWith('GB', [NETFLIX]);
    await track(app, member.id, title.itemId, current);
    later(60_000);
    await pass();
    later(DAY);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'flatrate', [NETFLIX]);
    await pass();
    // A member who starts tracking while it is gone, then it comes back three days later.
    tmdb.data.clearOffers({ movie: title.tmdbId }, 'GB');
    later(DAY);
    await pass();
    const during = await memberWith('GB', [NETFLIX]);
    await track(app, during.id, title.itemId, current);
    later(2 * DAY);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'flatrate', [NETFLIX]);
    await pass();
    const byMember = await told(title.itemId);
    expect(byMember.get(member.id)).toEqual(['Netflix']);
    expect(byMember.has(during.id)).toBe(false);
  });

  it('looks at tracked titles daily, those near a digital release every 3 hours, the rest never', async () => {
    const tracked = await movie('Velvet Ledger');
    const soon = await movie('Hollow Signal');
    const digital = current.toISOString().slice(0, 10);
    tmdb.data.setRelease(soon.tmdbId, 'GB', 4, digital);
    await app.catalogSync.refresh([{ providerId: `tmdb:movie:${soon.tmdbId}`, title: '' }]);
    const other = await movie('Quiet Furnace');
    const viewer = await memberWith('GB', [NETFLIX]);
    await track(app, viewer.id, tracked.itemId, current);
    const asked = async () => {
      const from = tmdb.requests.length;
      await app.watch.syncAvailability('due');
      const paths = tmdb.requests.slice(from).map((r) => r.path);
      return [tracked, soon, other].filter((t) => paths.includes(`/3/movie/${t.tmdbId}/watch/providers`));
    };
    expect(await asked()).toEqual([tracked, soon]);
    later(4 * 3_600_000);
    expect(await asked()).toEqual([soon]);
    later(2 * 3_600_000);
    expect(await asked()).toEqual([]);
    later(19 * 3_600_000);
    expect(await asked()).toEqual([tracked, soon]);
    // Out of the window (15 days after its digital release), an untracked title is left alone.
    later(15 * DAY);
    expect(await asked()).toEqual([tracked]);
  });

  it('two app processes passing at once tell each member once', async () => {
    const title = await movie('Iron Meridian');
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await memberWith('GB', [NETFLIX]));
    for (const m of members) await track(app, m.id, title.itemId, current);
    later(60_000);
    await pass();
    later(DAY);
    tmdb.data.setOffers({ movie: title.tmdbId }, 'GB', 'ads', [NETFLIX]);
    await Promise.all([pass(app), pass(other), pass(app), pass(other)]);
    const byMember = await told(title.itemId);
    expect([...byMember.values()]).toEqual(members.map(() => ['Netflix']));
    for (const m of members) expect(smtp.mails.filter((mail) => mail.to.includes(m.email))).toHaveLength(1);
  });
});

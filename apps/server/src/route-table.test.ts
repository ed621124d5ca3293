import { ROUTES, type Route } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../test/helpers';

/**
 * Every `METHOD path` the app registers, read from Fastify's route tree: each line is a node, its
 * label the part of the path after its parent's, with the methods registered at it.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const labels: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    labels.length = (node[1] ?? '').length / 4;
    labels.push(node[2] ?? '');
    for (const method of node[3]?.split(', ') ?? []) found.push(`${method} ${labels.join('')}`);
  }
  return found;
}

let app: FastifyInstance;
beforeAll(async () => {
  // Google sign-in's two routes exist only with it configured; the table lists them.
  app = await buildTestApp({ env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' } });
  await app.ready();
});
afterAll(() => app.close());

it("registers every route of the contract's table, and no other", () => {
  const table = (Object.values(ROUTES) as Route[]).map((route) => `${route.method} ${route.path}`);
  const pages = (Object.values(ROUTES) as Route[]).filter((route) => route.page).map((route) => route.path);
  const all = registeredRoutes(app);
  const registered = all.filter((route) => {
    const [method = '', path = ''] = route.split(' ');
    // Fastify answers HEAD for every GET by itself.
    if (method === 'HEAD') return !all.includes(`GET ${path}`);
    // A page the API serves (its reference) brings its own scripts and styles under its path.
    return !pages.some((page) => path.startsWith(`${page}/`));
  });
  expect(registered).toContain('GET /watchlist/:uid');
  expect([...registered].sort()).toEqual([...table].sort());
});

it('answers every member route 401 to a visitor, and no public route asks for a session', async () => {
  // Each parameter gets a value of the right shape, so a 401 is the guard's and not a 400 or a 404.
  const sample = (path: string) =>
    path
      .replace(':uid', 'someone')
      .replace(':id', '00000000-0000-4000-8000-000000000000')
      .replace(/:[A-Za-z]+/g, 'x');
  const statuses: string[] = [];
  for (const [name, route] of Object.entries(ROUTES) as [string, Route][]) {
    if (route.page) continue;
    const res = await app.inject({
      method: route.method,
      url: sample(route.path),
      headers: { origin: TEST_ORIGIN },
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
    const refused = res.statusCode === 401;
    if ((route.access === 'member') !== refused)
      statuses.push(`${name} (${route.access}): ${res.statusCode}`);
  }
  expect(statuses).toEqual([]);
});

/**
 * The machine's baseline: a bare Fastify route returning a small JSON, in a process of its own, and the
 * same bare Fastify sending a copy of one of the app's answers.
 * Prints `{"ready":true,"port":N}` once it listens on 127.0.0.1.
 */
import Fastify from 'fastify';
import { listenAndReport } from './child-runner';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true, service: 'baseline', message: 'hello' }));

// The exact bytes of one of the app's answers (PUT by the benchmark, gzipped as the app sends it):
// what bare Fastify, and the load generator reading it, manage with that answer.
let fixture: Buffer | null = null;
app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
  done(null, body),
);
app.put('/fixture', { bodyLimit: 10_000_000 }, async (req, reply) => {
  fixture = req.body as Buffer;
  return reply.code(204).send();
});
app.get('/fixture', async (_req, reply) => {
  if (!fixture) return reply.code(404).send({ error: 'no fixture' });
  return reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(fixture);
});
await listenAndReport(app);

/**
 * The machine's baseline: a bare Fastify route returning a small JSON, in a process of its own.
 * Prints `{"ready":true,"port":N}` once it listens on 127.0.0.1.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true, service: 'baseline', message: 'hello' }));

// A static JSON body of about `bytes` bytes: what the machine can push for a catalog list's size.
const payloads = new Map<number, string>();
app.get<{ Params: { bytes: string } }>('/payload/:bytes', async (req, reply) => {
  const bytes = Math.min(1_000_000, Math.max(2, Number(req.params.bytes) || 2));
  let body = payloads.get(bytes);
  if (!body) {
    const filler = 'x'.repeat(Math.max(0, bytes - 12));
    body = JSON.stringify([{ filler }]);
    payloads.set(bytes, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ ready: true, port })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}

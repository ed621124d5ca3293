import type { Import } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { TEST_ORIGIN, type TestUser } from './helpers';

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(name: string, content: string | Uint8Array, field = 'file') {
  const boundary = '----releasebell-test-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file as `member`, waits for its matching to end, and answers the preview. */
export async function importFile(
  app: FastifyInstance,
  member: TestUser,
  name: string,
  content: string | Uint8Array,
): Promise<Import> {
  const body = multipartFile(name, content);
  const res = await app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body.payload,
    headers: { ...body.headers, cookie: member.cookie, origin: TEST_ORIGIN },
  });
  expect(res.statusCode).toBe(202);
  const { id } = res.json();
  // Matching runs in the background after the answer.
  const preview = async (): Promise<Import> =>
    (await app.inject({ url: `/api/imports/${id}`, headers: { cookie: member.cookie } })).json();
  await vi.waitFor(async () => expect((await preview()).status).toBe('ready'), {
    timeout: 60_000,
    interval: 200,
  });
  return preview();
}

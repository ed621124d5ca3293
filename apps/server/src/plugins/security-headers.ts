import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers, worked out once. With static options they are the same for every
 * response, and running helmet's middleware per request halved the server's throughput, so each
 * response copies this object instead (see the benchmark README).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

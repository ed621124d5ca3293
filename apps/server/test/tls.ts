/**
 * An HTTPS server on 127.0.0.1 with a throwaway self-signed certificate: web-push always speaks TLS, so
 * every push receiver (the tests' push service, the chaos run's flaky one, the benchmark's sink) stands
 * on this, and the processes that push to it are told to trust the certificate.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface LocalHttpsServer {
  server: Server;
  /** https://127.0.0.1:PORT */
  url: string;
  /** The certificate's PEM file, for NODE_EXTRA_CA_CERTS in other processes. */
  caPath: string;
  /** The certificate's PEM text, for an https Agent's `ca`. */
  ca: string;
  /** Cuts every connection, stops listening and removes the certificate. */
  close(): Promise<void>;
}

/** A P-256 certificate for 127.0.0.1, a day long, in a new directory under the system's temp dir. */
async function throwawayCertificate(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const caPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  try {
    // Debian's openssl: no npm package to generate it.
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      caPath,
    ]);
    const [ca, key] = await Promise.all([readFile(caPath, 'utf8'), readFile(keyPath, 'utf8')]);
    return { dir, caPath, ca, key };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Serves `handler` over HTTPS on 127.0.0.1 (a free port) with a throwaway certificate, made in a temp
 * directory whose name starts with `prefix`.
 */
export async function startHttpsServer(prefix: string, handler: RequestListener): Promise<LocalHttpsServer> {
  const { dir, caPath, ca, key } = await throwawayCertificate(prefix);
  const server = createServer({ key, cert: ca }, handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `https://127.0.0.1:${port}`,
    caPath,
    ca,
    close: async () => {
      if (server.listening) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The app's keys: what signs sessions, unsubscribe links and feed tokens, and the push key pair. */
export interface Secrets {
  auth: string;
  /** Null with DATABASE_URL and no VAPID keys: push is off. */
  vapid: VapidKeys | null;
}

/** A file under DATA_DIR readable only by the app's user, made on first start. */
async function keptFile<T>(config: Config, name: string, read: (text: string) => T | null, make: () => T) {
  const file = path.join(config.dataDir, name);
  try {
    const kept = read(await readFile(file, 'utf8'));
    if (kept) return kept;
  } catch {
    // First start: make one below.
  }
  const value = make();
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${typeof value === 'string' ? value : JSON.stringify(value)}\n`, { mode: 0o600 });
  return value;
}

/**
 * AUTH_SECRET, or on the embedded default one generated once and kept under DATA_DIR, so sessions
 * survive restarts without any set-up. The same for the VAPID pair (a new pair would orphan every
 * push subscription), unless DATABASE_URL asks for configured keys.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const auth =
    config.authSecret ??
    (await keptFile(
      config,
      'auth-secret',
      (text) => (text.trim().length >= 32 ? text.trim() : null),
      () => randomBytes(32).toString('base64url'),
    ));
  let vapid: VapidKeys | null = config.vapid.keys;
  if (!vapid && !config.vapid.required) {
    vapid = await keptFile<VapidKeys>(
      config,
      'vapid.json',
      (text) => {
        const kept = JSON.parse(text) as Partial<VapidKeys>;
        return kept.publicKey && kept.privateKey
          ? { publicKey: kept.publicKey, privateKey: kept.privateKey }
          : null;
      },
      () => webpush.generateVAPIDKeys(),
    );
  }
  return { auth, vapid };
}

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB, ASVS 2.4.3); better-auth's default
 * (N=2^14) is below it. The parameters are stored with each hash, so they can be raised later
 * without invalidating existing passwords.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, p: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: p.N, r: p.r, p: p.p, maxmem: 256 * p.N * p.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || N > 2 ** 20 || r > 32 || p > 16) return false;
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const key = await derive(password, Buffer.from(parts[4] ?? '', 'base64url'), { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const PASSWORD_HASH_PARAMS = PARAMS;

// Runs in the password hasher's own worker threads (password-hash.ts): scrypt here holds this thread,
// never libuv's pool, which file reads and gzip share. Plain JavaScript, so every runtime loads it as is.
import { scryptSync } from 'node:crypto';

export default function derive({ password, salt, N, r, p, keyLength }) {
  return scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}

import { createHash } from 'node:crypto';

/** The first `length` characters of the SHA-256 of `data`, in base64url: ETags and version tags. */
export function shortHash(data: string | Buffer, length: number): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, length);
}

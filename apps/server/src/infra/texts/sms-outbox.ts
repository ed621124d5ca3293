import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsMessage } from './twilio';

/**
 * Where SMS goes without Twilio settings: one text file per message under `dir`, so a new install
 * (and a developer) can read what would have been sent.
 */
export async function writeSmsToOutbox(
  dir: string,
  { to, body }: SmsMessage,
): Promise<{ id: string; file: string }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const now = new Date();
  // The number goes in a header line: a line break in it must not start a new header or the body.
  const content = `To: ${to.replace(/[\r\n]+/g, ' ')}\nFrom: Releasebell\nDate: ${now.toISOString()}\n\n${body}\n`;
  for (;;) {
    const hex = randomBytes(3).toString('hex');
    const file = path.join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${hex}.txt`);
    try {
      await writeFile(file, content, { mode: 0o600, flag: 'wx' });
      return { id: `outbox-${hex}`, file };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PHONE_CODE_LENGTH } from '@releasebell/contract/constants';
import { expect } from './fixtures';

/**
 * A UK mobile number no other test uses (07400 is a mobile range; each test takes its own number, so the
 * per-number code limit and the outbox lookup see only its texts).
 */
export function newMobile(): { typed: string; e164: string } {
  const line = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { typed: `+44 7400 ${line}`, e164: `+447400${line}` };
}

/** Where the server under test writes texts when it has no Twilio settings (DATA_DIR/sms-outbox). */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  return path.join(dataDir, 'sms-outbox');
}

/** The bodies of the texts sent to `e164`, oldest first (the files are named by the time they were written). */
export async function textsTo(e164: string): Promise<string[]> {
  const dir = outboxDir();
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const texts: string[] = [];
  for (const name of names.filter((n) => n.endsWith('.txt')).sort()) {
    const content = await readFile(path.join(dir, name), 'utf8');
    const [head = '', ...body] = content.split('\n\n');
    if (head.split('\n').includes(`To: ${e164}`)) texts.push(body.join('\n\n'));
  }
  return texts;
}

const codePattern = new RegExp(`\\b(\\d{${PHONE_CODE_LENGTH}})\\b`);

/** Waits for the `nth` (1-based) text to `e164` and answers the code in it. */
export async function codeTextedTo(e164: string, nth = 1): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const text = (await textsTo(e164))[nth - 1];
        code = text?.match(codePattern)?.[1];
        return code;
      },
      { message: `a text with a code to ${e164}` },
    )
    .toBeTruthy();
  return code as string;
}

/** A code that is surely not `code`: each digit moved by one. */
export const wrongCodeFor = (code: string) =>
  code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));

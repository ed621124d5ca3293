import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSmsToOutbox } from './sms-outbox';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'releasebell-sms-outbox-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('writeSmsToOutbox', () => {
  it('writes one file per message, creating the directory', async () => {
    const dir = path.join(root, 'sms', 'outbox');
    const before = Date.now();
    const first = await writeSmsToOutbox(dir, {
      to: '+14155550123',
      body: 'Dune is out https://rb.example/r/1',
    });
    const second = await writeSmsToOutbox(dir, { to: '+14155550124', body: 'Second' });

    expect(first.id).toMatch(/^outbox-[0-9a-f]{6}$/);
    expect(second.id).not.toBe(first.id);
    expect(path.dirname(first.file)).toBe(dir);
    expect(path.basename(first.file)).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}\.txt$/,
    );
    expect(path.basename(first.file)).toContain(first.id.slice('outbox-'.length));
    expect((await readdir(dir)).sort()).toEqual(
      [path.basename(first.file), path.basename(second.file)].sort(),
    );

    const content = await readFile(first.file, 'utf8');
    const date = content.match(/^Date: (.+)$/m)?.[1] ?? '';
    expect(content).toBe(
      `To: +14155550123\nFrom: Releasebell\nDate: ${date}\n\nDune is out https://rb.example/r/1\n`,
    );
    expect(Date.parse(date)).toBeGreaterThanOrEqual(before - 1000);
    expect((await stat(first.file)).mode & 0o777).toBe(0o600);
  });

  it('keeps a line break in the number out of the headers', async () => {
    const { file } = await writeSmsToOutbox(root, { to: '+1415\nFrom: evil', body: 'x' });
    expect(await readFile(file, 'utf8')).toMatch(/^To: \+1415 From: evil\nFrom: Releasebell\n/);
  });
});

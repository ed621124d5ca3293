import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import {
  formatProgress,
  generateCatalog,
  parseGenerateArgs,
  redactUrl,
  UsageError,
} from './catalog-generator';

describe('parseGenerateArgs', () => {
  it('reads the options, with defaults', () => {
    expect(parseGenerateArgs(['--items', '100000'])).toEqual({ items: 100000, seed: 42, batchSize: 1000 });
    expect(parseGenerateArgs(['--items=1_000', '--seed', '7', '--batch-size', '250'])).toEqual({
      items: 1000,
      seed: 7,
      batchSize: 250,
    });
    expect(parseGenerateArgs(['--help'])).toBe('help');
    expect(parseGenerateArgs(['-h'])).toBe('help');
  });

  it('explains what is wrong', () => {
    const message = (argv: string[]) => {
      try {
        parseGenerateArgs(argv);
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        return (err as Error).message;
      }
      throw new Error('expected a UsageError');
    };
    expect(message([])).toContain('Missing --items');
    expect(message(['--items', 'lots'])).toBe('--items must be a whole number, got "lots".');
    expect(message(['--items', '0'])).toContain('--items must be between 1 and');
    expect(message(['--items', '5', '--seed', '-1'])).toContain('--seed');
    expect(message(['--items', '5', '--colour'])).toContain("Unknown option '--colour'");
    expect(message(['--items'])).toContain('argument missing');
  });
});

describe('formatProgress', () => {
  it('draws a bar, a percentage, a count and the time', () => {
    expect(formatProgress(45000, 100000, 3210, 10)).toBe('[#####-----] 45% 45000/100000 items 3.2s');
    expect(formatProgress(100, 100, 0, 10)).toBe('[##########] 100% 100/100 items 0.0s');
    expect(formatProgress(0, 0, 0, 4)).toBe('[####] 100% 0/0 items 0.0s');
  });
});

describe('redactUrl', () => {
  it('hides the password', () => {
    expect(redactUrl('postgres://me:secret@db:5432/app')).toBe('postgres://me:***@db:5432/app');
  });
});

describe('generateCatalog', () => {
  it('ingests the synthetic catalog and adds nothing twice when run again', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      const seen: number[] = [];
      const first = await generateCatalog(database, {
        items: 250,
        seed: 42,
        batchSize: 100,
        today: '2026-11-22',
        onProgress: (n) => seen.push(n),
      });
      expect(seen).toEqual([100, 200, 250]);
      expect(first).toMatchObject({ received: 250, inserted: 250, updated: 0, stopped: false });
      expect(Object.values(first.catalog).reduce((a, b) => a + b, 0)).toBe(250);

      const again = await generateCatalog(database, { items: 300, seed: 42, batchSize: 100 });
      expect(again).toMatchObject({ received: 300, inserted: 50, updated: 250 });

      const stopped = await generateCatalog(database, {
        items: 300,
        seed: 42,
        batchSize: 100,
        shouldStop: () => true,
      });
      expect(stopped).toMatchObject({ received: 0, stopped: true });
    } finally {
      await database.close();
    }
  });
});

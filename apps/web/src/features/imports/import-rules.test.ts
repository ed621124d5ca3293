import type { ImportEntry } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import { lineText } from './import-rules';

const entry = (fields: Partial<ImportEntry>): ImportEntry => ({
  line: 4,
  title: 'Dune',
  year: 1965,
  status: 'unmatched',
  ...fields,
});

describe('a row left out, as the preview names it', () => {
  it('gives its line, title and year, and why', () => {
    expect(lineText(entry({ reason: 'not found' }))).toBe('Line 4: Dune (1965) — not found');
  });

  it('names a row that could not be read by its line alone', () => {
    expect(lineText(entry({ title: '', year: null, reason: 'This row has no title.' }))).toBe(
      'Line 4: This row has no title.',
    );
  });
});

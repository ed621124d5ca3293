import { describe, expect, it, vi } from 'vitest';
import { batchedLookup } from './batched-lookup';

interface Row {
  id: number;
  name: string;
}
const table = new Map([1, 2, 3, 4, 5].map((id) => [id, { id, name: `row ${id}` }]));
const readRows = () =>
  vi.fn(async (ids: number[]) => ids.flatMap((id) => (table.has(id) ? [table.get(id) as Row] : [])));

describe('batchedLookup', () => {
  it('reads the lookups of one turn together, each caller getting its own records', async () => {
    const read = readRows();
    const lookup = batchedLookup(read, (r) => r.id, 8);
    const [a, b, c] = await Promise.all([lookup([1, 2]), lookup([2, 3, 9]), lookup([5])]);
    expect(a.map((r) => r.id)).toEqual([1, 2]);
    expect(b.map((r) => r.id)).toEqual([2, 3]);
    expect(c.map((r) => r.id)).toEqual([5]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]?.[0]).toEqual([1, 2, 3, 9, 5]);
  });

  it('sends a full batch at once and the rest after it', async () => {
    const read = readRows();
    const lookup = batchedLookup(read, (r) => r.id, 2);
    const found = await Promise.all([lookup([1]), lookup([2]), lookup([3])]);
    expect(found.map((rows) => rows.map((r) => r.id))).toEqual([[1], [2], [3]]);
    expect(read.mock.calls.map((c) => c[0])).toEqual([[1, 2], [3]]);
  });

  it('reads again in a later turn', async () => {
    const read = readRows();
    const lookup = batchedLookup(read, (r) => r.id, 8);
    await lookup([1]);
    await lookup([4]);
    expect(read.mock.calls.map((c) => c[0])).toEqual([[1], [4]]);
  });

  it('fails every lookup of a failed read, and reads afresh afterwards', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error('connection lost'))
      .mockResolvedValue([table.get(1)]);
    const lookup = batchedLookup<number, Row>(read, (r) => r.id, 8);
    const both = Promise.allSettled([lookup([1]), lookup([2])]);
    expect((await both).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await lookup([1])).toEqual([table.get(1)]);
  });

  it('answers no keys without reading', async () => {
    const read = readRows();
    expect(await batchedLookup(read, (r) => r.id, 8)([])).toEqual([]);
    expect(read).not.toHaveBeenCalled();
  });
});

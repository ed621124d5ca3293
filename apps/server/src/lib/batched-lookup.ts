/**
 * Lookups by key asked for in the same turn of the event loop, read with one call: requests that
 * arrive together each ask for their rows, and the database gets one statement rather than one per
 * request (each costs a round trip, a pooled connection and a wake-up of its backend).
 * `read` answers the records of the keys it is given, in any order, leaving out those it has none
 * for; each caller gets the records of its own keys, in the same way.
 */
export function batchedLookup<K, R>(
  read: (keys: K[]) => Promise<R[]>,
  keyOf: (record: R) => K,
  /** Lookups per statement at most: a full batch is read while the next ones are worked out. */
  maxBatch: number,
): (keys: K[]) => Promise<R[]> {
  let waiting: { keys: K[]; resolve: (records: R[]) => void; reject: (err: unknown) => void }[] = [];

  async function flush() {
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    try {
      const found = new Map(
        (await read([...new Set(batch.flatMap((b) => b.keys))])).map((r) => [keyOf(r), r]),
      );
      for (const { keys, resolve } of batch) {
        resolve(
          keys.flatMap((k) => {
            const record = found.get(k);
            return record === undefined ? [] : [record];
          }),
        );
      }
    } catch (err) {
      for (const { reject } of batch) reject(err);
    }
  }

  return (keys) => {
    if (keys.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      // After the requests that came in with this one have reached their lookups.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ keys, resolve, reject });
      if (waiting.length >= maxBatch) void flush();
    });
  };
}

import { deflateSync, strToU8 } from 'fflate';

/**
 * ZIP files built byte by byte, for what a ZIP library will not write: sizes that lie, entries that
 * share one body, bodies that inflate a thousandfold.
 */

/** The standard CRC-32 of `data`, as a ZIP header carries it. */
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface HandEntry {
  name: string;
  /** The entry's bytes as stored (deflated when `method` is 8). */
  body: Uint8Array;
  method: 0 | 8;
  /** What the headers say the entry inflates to (a lie, for a bomb). */
  declaredSize: number;
  crc: number;
}

/** An entry holding `content`, deflated, its headers telling the truth. */
export function deflatedEntry(name: string, content: string | Uint8Array): HandEntry {
  const bytes = typeof content === 'string' ? strToU8(content) : content;
  return { name, body: deflateSync(bytes), method: 8, declaredSize: bytes.length, crc: crc32(bytes) };
}

/**
 * A raw DEFLATE stream of `count` zero bytes in about count / 1032 bytes: the best ratio DEFLATE
 * allows. One dynamic block whose codes give the length 258 and the distance 1 one bit each, so each
 * two zero bits of the body repeat the previous 258 bytes.
 */
export function zeroBomb(count: number): Uint8Array {
  const pairs = Math.max(0, Math.floor((count - 1) / 258));
  const out = new Uint8Array(Math.ceil(pairs / 4) + 64);
  let bit = 0;
  const bits = (value: number, n: number) => {
    for (let i = 0; i < n; i++, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  // Huffman codes go most significant bit first.
  const code = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  bits(1, 1); // last block
  bits(2, 2); // dynamic Huffman codes
  bits(286 - 257, 5); // literal/length codes 0..285
  bits(2 - 1, 5); // distance codes 0..1
  bits(18 - 4, 4); // code-length codes, in RFC 1951's order, up to the one for length 1
  // Code lengths: 18 (a run of zeros) one bit, lengths 1 and 2 two bits each.
  const order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1];
  for (const symbol of order) bits(symbol === 18 ? 1 : symbol === 1 || symbol === 2 ? 2 : 0, 3);
  const zeros = (n: number) => {
    code(0b0, 1);
    bits(n - 11, 7);
  };
  const length1 = () => code(0b10, 2);
  const length2 = () => code(0b11, 2);
  // Literal 0: 2 bits; 1..255 unused; end of block 256: 2 bits; 257..284 unused; length 258 (285): 1 bit.
  length2();
  zeros(138);
  zeros(117);
  length2();
  zeros(28);
  length1();
  // Distance codes 0 (distance 1) and 1: one bit each.
  length1();
  length1();
  code(0b10, 2); // literal 0
  // Each pair (length 258: code 0, distance 1: code 0) is two zero bits: the buffer is zeros already.
  bit += pairs * 2;
  code(0b11, 2); // end of block
  return out.subarray(0, Math.ceil(bit / 8));
}

/**
 * A ZIP of `entries`, each with its local header and body, then a central directory: by default one
 * record per entry; `directory` lists which entry each record points at (several may point at one).
 */
export function handZip(entries: HandEntry[], directory = entries.map((_, i) => i)): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let offset = 0;
  const push = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const entry of entries) {
    offsets.push(offset);
    const name = strToU8(entry.name);
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(8, entry.method, true);
    header.setUint32(14, entry.crc, true);
    header.setUint32(18, entry.body.length, true);
    header.setUint32(22, entry.declaredSize, true);
    header.setUint16(26, name.length, true);
    push(new Uint8Array(header.buffer));
    push(name);
    push(entry.body);
  }
  const directoryStart = offset;
  for (const index of directory) {
    const entry = entries[index]!;
    const name = strToU8(entry.name);
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(4, 20, true);
    record.setUint16(6, 20, true);
    record.setUint16(10, entry.method, true);
    record.setUint32(16, entry.crc, true);
    record.setUint32(20, entry.body.length, true);
    record.setUint32(24, entry.declaredSize, true);
    record.setUint16(28, name.length, true);
    record.setUint32(42, offsets[index]!, true);
    push(new Uint8Array(record.buffer));
    push(name);
  }
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, directory.length, true);
  end.setUint16(10, directory.length, true);
  end.setUint32(12, offset - directoryStart, true);
  end.setUint32(16, directoryStart, true);
  push(new Uint8Array(end.buffer));
  const zip = new Uint8Array(offset);
  let at = 0;
  for (const part of parts) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}

/** A Letterboxd-looking ZIP whose watchlist.csv says it is 1 KB and inflates to `inflated` zero bytes. */
export function bombZip(inflated: number, name = 'watchlist.csv'): Uint8Array {
  const body = zeroBomb(inflated);
  return handZip([{ name, body, method: 8, declaredSize: 1024, crc: 0 }]);
}

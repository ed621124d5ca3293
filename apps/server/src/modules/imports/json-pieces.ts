import { yieldToEventLoop } from '../../lib/event-loop';

/**
 * Reading a JSON export in pieces (ADR 018). `JSON.parse` of a whole 10 MB file holds the event loop
 * for as long as the file makes it: up to a second for one made of millions of tiny arrays, seconds
 * for one nested millions deep. So the text is first walked in pieces, giving the loop its turns,
 * to find where the lists we read begin and end, item by item; then each item is parsed alone (small,
 * so cheap), and what we do not read is never parsed.
 */

/** Where a value lies in the text: `text.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/** A member of the top object (or an item of the top array): its value, and its items when it is a list we read. */
export interface Member {
  value: Span;
  /** The list's items, when the value is an array whose items were asked for. */
  items?: Span[];
  /** The list had more items than were kept. */
  more?: boolean;
}

export type Skeleton =
  | { kind: 'array'; items: Span[]; more: boolean }
  | { kind: 'object'; members: Map<string, Member> };

/** Deeper than any export we read goes: a file nested past it is not one. */
const MAX_DEPTH = 32;
/** Characters walked between two turns of the event loop. */
const PIECE = 1 << 18;
/** An item of a list we read is a title or a follow: a few hundred bytes. One far larger is not one. */
export const MAX_ITEM_CHARS = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index of the quote closing the string opened at `at`, or -1 when it never closes. */
function stringEnd(text: string, at: number): number {
  let end = text.indexOf('"', at + 1);
  while (end > 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/**
 * The outline of a JSON text whose top value is an array or an object: the top array's items, or the
 * top object's members named in `keep` (and the items of those named in `lists`). At most `maxItems` items of a
 * list are kept (`more` says there were others). Null when the text is not one such value: brackets
 * that do not pair, a string left open, nesting past MAX_DEPTH, anything after the value. Only the
 * structure is checked here: what is read is checked when its piece is parsed.
 */
export async function jsonSkeleton(
  text: string,
  options: { keep: ReadonlySet<string>; lists: ReadonlySet<string>; maxItems: number },
): Promise<Skeleton | null> {
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  const top = text.charCodeAt(i);
  if (top !== OPEN_ARRAY && top !== OPEN_OBJECT) return null;
  const topItems: Span[] = [];
  let topMore = false;
  const members = new Map<string, Member>();

  const stack: number[] = [];
  let closed = false;
  // The top's child being read (an item of the top array, a member of the top object).
  let childStart = -1;
  let colon = -1;
  let key: string | null = null;
  // The items of the list a member holds, when it is one we read.
  let list: Span[] | null = null;
  let listMore = false;
  let itemStart = -1;
  // The last character that was not blank: a comma before a closing bracket or another comma is an error.
  let last = 0;

  const endChild = (end: number): boolean => {
    if (childStart < 0) return false;
    if (top === OPEN_ARRAY) {
      if (topItems.length < options.maxItems) topItems.push({ start: childStart, end });
      else topMore = true;
    } else {
      if (key === null || colon < 0) return false;
      // A key given twice: the last one counts, as in JSON.parse.
      if (options.keep.has(key))
        members.set(key, {
          value: { start: colon + 1, end },
          ...(list ? { items: list, more: listMore } : {}),
        });
    }
    childStart = -1;
    colon = -1;
    key = null;
    list = null;
    listMore = false;
    return true;
  };
  const endItem = (end: number): boolean => {
    if (!list) return true;
    if (itemStart < 0) return false;
    if (list.length < options.maxItems) list.push({ start: itemStart, end });
    else listMore = true;
    itemStart = -1;
    return true;
  };

  while (i < text.length) {
    const stop = Math.min(text.length, i + PIECE);
    for (; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (isBlank(c)) continue;
      if (closed) return null;
      const previous = last;
      last = c;
      const depth = stack.length;
      const closing = c === CLOSE_ARRAY || c === CLOSE_OBJECT;
      if (depth === 1 && childStart < 0 && !closing) childStart = i;
      if (depth === 2 && list && itemStart < 0 && !closing) itemStart = i;
      if (c === QUOTE) {
        const end = stringEnd(text, i);
        if (end < 0) return null;
        i = end;
        continue;
      }
      if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (depth === 1 && top === OPEN_OBJECT) {
          // A member's value: its items are kept when it is a list we read.
          if (colon < 0) return null;
          if (c === OPEN_ARRAY && key !== null && options.lists.has(key)) list = [];
        }
        stack.push(c);
        if (stack.length > MAX_DEPTH) return null;
        continue;
      }
      if (closing) {
        if (previous === COMMA) return null;
        const open = stack.pop();
        if (open !== (c === CLOSE_ARRAY ? OPEN_ARRAY : OPEN_OBJECT)) return null;
        if (depth === 2 && list && itemStart >= 0 && !endItem(i)) return null;
        if (depth === 1) {
          // `[]` and `{}` have no child; otherwise the last one ends here.
          if (childStart >= 0 && !endChild(i)) return null;
          closed = true;
        }
        continue;
      }
      if (c === COMMA) {
        if (previous === COMMA || previous === OPEN_ARRAY || previous === OPEN_OBJECT) return null;
        if (depth === 1 && !endChild(i)) return null;
        if (depth === 2 && list && !endItem(i)) return null;
        continue;
      }
      if (c === COLON && depth === 1 && top === OPEN_OBJECT) {
        if (colon >= 0 || childStart < 0) return null;
        try {
          const name: unknown = JSON.parse(text.slice(childStart, i));
          if (typeof name !== 'string') return null;
          key = name;
        } catch {
          return null;
        }
        colon = i;
      }
    }
    if (i < text.length) await yieldToEventLoop();
  }
  if (!closed) return null;
  return top === OPEN_ARRAY ? { kind: 'array', items: topItems, more: topMore } : { kind: 'object', members };
}

/** The value at `span`, parsed; undefined when it is not valid JSON or longer than an item may be. */
export function parsePiece(text: string, span: Span, maxChars = MAX_ITEM_CHARS): unknown {
  if (span.end - span.start > maxChars) return undefined;
  try {
    return JSON.parse(text.slice(span.start, span.end));
  } catch {
    return undefined;
  }
}

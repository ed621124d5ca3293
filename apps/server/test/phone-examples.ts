/**
 * Phone numbers of every kind libphonenumber knows, made from its own metadata: for each country, a
 * number drawn from the pattern of each number type (mobile, landline, premium-rate, toll-free...).
 * libphonenumber ships example numbers for mobiles only; the other types' patterns are regular
 * expressions of a small form (digits, classes, groups, alternation, counted repeats), drawn from here.
 */
import { type CountryCode, Metadata, type NumberType } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';

const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'PERSONAL_NUMBER',
  'VOICEMAIL',
  'UAN',
  'PAGER',
  'VOIP',
  'SHARED_COST',
] as const satisfies readonly NonNullable<NumberType>[];
type KnownType = (typeof NUMBER_TYPES)[number];

/** The part of libphonenumber's numbering plan its own type lookup uses (not in its typings). */
interface NumberingPlan {
  callingCode(): string;
  type(type: KnownType): { pattern(): string } | undefined;
}

/** A string the pattern matches: alternatives and repeat counts chosen at random. */
function drawFrom(pattern: string, random: () => number): string {
  let at = 0;
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

  function alternatives(): string {
    const options: (() => string)[] = [];
    let start = at;
    const branches: [number, number][] = [];
    let depth = 0;
    // Find this level's branches first, then draw one of them.
    for (; at < pattern.length; at++) {
      const c = pattern[at];
      if (c === '\\') at++;
      else if (c === '[') at = pattern.indexOf(']', at);
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c === '|' && depth === 0) {
        branches.push([start, at]);
        start = at + 1;
      }
    }
    branches.push([start, at]);
    for (const [from, to] of branches) options.push(() => sequence(from, to));
    const end = at;
    const result = pick(options)();
    at = end;
    return result;
  }

  function sequence(from: number, to: number): string {
    let out = '';
    at = from;
    while (at < to) {
      let atom: () => string;
      const c = pattern[at]!;
      if (c === '(') {
        at += pattern.startsWith('(?:', at) ? 3 : 1;
        const inner = at;
        alternatives(); // moves `at` to the closing parenthesis
        const close = at;
        at++;
        atom = () => {
          const saved = at;
          at = inner;
          const s = alternatives();
          at = saved;
          return s;
        };
        void close;
      } else if (c === '[') {
        const close = pattern.indexOf(']', at);
        const body = pattern.slice(at + 1, close);
        const chars: string[] = [];
        for (let i = 0; i < body.length; i++) {
          if (body[i] === '\\' && body[i + 1] === 'd') {
            chars.push(...'0123456789');
            i++;
          } else if (body[i + 1] === '-' && i + 2 < body.length) {
            for (let d = body.charCodeAt(i); d <= body.charCodeAt(i + 2); d++)
              chars.push(String.fromCharCode(d));
            i += 2;
          } else chars.push(body[i]!);
        }
        at = close + 1;
        atom = () => pick(chars);
      } else if (c === '\\') {
        at += 2;
        atom = () => pick([...'0123456789']);
      } else {
        at++;
        atom = () => c;
      }
      let [min, max] = [1, 1];
      if (pattern[at] === '?') {
        [min, max] = [0, 1];
        at++;
      } else if (pattern[at] === '{') {
        const close = pattern.indexOf('}', at);
        const [a, b] = pattern.slice(at + 1, close).split(',');
        min = Number(a);
        max = b === undefined ? min : Number(b);
        at = close + 1;
      }
      const times = min + Math.floor(random() * (max - min + 1));
      const saved = at;
      for (let i = 0; i < times; i++) out += atom();
      at = saved;
    }
    return out;
  }

  const result = alternatives();
  if (!new RegExp(`^(?:${pattern})$`).test(result)) throw new Error(`drew ${result} from ${pattern}`);
  return result;
}

export interface DrawnNumber {
  country: string;
  type: KnownType;
  /** E.164. */
  number: string;
  /** Whether the national number also fits the country's mobile pattern (libphonenumber then calls it a mobile). */
  fitsMobile: boolean;
}

/** For every country and every type it has, one number drawn from the type's pattern. */
export function numbersOfEveryType(seed = 1): DrawnNumber[] {
  const random = mulberry32(seed);
  const metadata = new Metadata(metadataJson);
  const drawn: DrawnNumber[] = [];
  for (const country of Object.keys(metadataJson.countries)) {
    metadata.selectNumberingPlan(country as CountryCode);
    const plan = metadata.numberingPlan as unknown as NumberingPlan;
    // An empty mobile pattern means "the same as landlines": such numbers can be either.
    const ownMobile = plan.type('MOBILE')?.pattern();
    const mobile = ownMobile === '' ? plan.type('FIXED_LINE')?.pattern() : ownMobile;
    for (const type of NUMBER_TYPES) {
      const pattern = plan.type(type)?.pattern();
      if (!pattern) continue;
      const national = drawFrom(pattern, random);
      drawn.push({
        country,
        type,
        number: `+${plan.callingCode()}${national}`,
        fitsMobile: !!mobile && new RegExp(`^(?:${mobile})$`).test(national),
      });
    }
  }
  return drawn;
}

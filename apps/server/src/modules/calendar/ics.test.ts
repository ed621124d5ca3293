import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { writeIcs } from './ics';

const awkward =
  'Ōkami; the “Return”, part\\2 — 進撃の巨人 ファイナルシーズン 完結編 🎬 and a long tail of words';

describe('the iCalendar writer', () => {
  const text = writeIcs({
    name: 'Releasebell',
    prodId: '-//Releasebell//Calendar feed//EN',
    refreshSeconds: 3600,
    events: [
      {
        uid: 'abc-digital@releasebell.example',
        date: '2027-12-31',
        end: '2028-01-01',
        summary: awkward,
        description: `Director: Ana, María\nhttps://releasebell.example/media/movies/${'x'.repeat(80)}`,
        url: `https://releasebell.example/media/movies/${'x'.repeat(80)}`,
        categories: ['Movies'],
        sequence: 3,
        lastModified: new Date('2027-03-01T14:05:09Z'),
      },
    ],
  });

  it('ends every line with CRLF and folds none longer than 75 octets, never inside a character', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
  });

  it('is read back exactly by ical.js and node-ical, escapes and all', () => {
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(awkward);
    expect(event.description).toBe(
      `Director: Ana, María\nhttps://releasebell.example/media/movies/${'x'.repeat(80)}`,
    );
    expect(event.sequence).toBe(3);
    expect(event.startDate.toString()).toBe('2027-12-31');
    expect(event.endDate.toString()).toBe('2028-01-01');

    const parsed = Object.values(nodeIcal.sync.parseICS(text)).find(
      (c): c is VEvent => c?.type === 'VEVENT',
    )!;
    expect(parsed.summary).toBe(awkward);
    expect(parsed.uid).toBe('abc-digital@releasebell.example');
    expect(parsed.datetype).toBe('date');
    expect(parsed.dtstamp?.toISOString()).toBe('2027-03-01T14:05:09.000Z');
  });
});

describe('control characters in titles and descriptions', () => {
  // Vertical tab, ESC, NUL, DEL, NEL and CSI (C1), and the Unicode line and paragraph separators.
  const controls = ['\u000B', '\u001B', '\u0000', '\u007F', '\u0085', '\u009B', '\u2028', '\u2029'];
  const dirty = (s: string) => [...s].map((c, i) => `${c}${controls[i % controls.length]}`).join('');
  const text = writeIcs({
    name: dirty('My list'),
    prodId: '-//Releasebell//Calendar feed//EN',
    refreshSeconds: 3600,
    events: [
      {
        uid: 'ctl-digital@releasebell.example',
        date: '2027-12-31',
        end: '2028-01-01',
        summary: dirty('Glass Harbor'),
        description: `${dirty('Director: Ana')}\n\tTabbed line`,
        url: 'https://releasebell.example/media/movies/glass-harbor',
        categories: [dirty('Movies')],
        sequence: 0,
        lastModified: new Date('2027-03-01T14:05:09Z'),
      },
    ],
  });

  it('drops them, keeping the words, newlines and tabs, as ical.js reads it', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('My list');
    expect(event.summary).toBe('Glass Harbor');
    expect(event.description).toBe('Director: Ana\n\tTabbed line');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('categories')).toBe('Movies');
  });

  it('writes none of them into the feed', () => {
    for (const control of controls) expect(text).not.toContain(control);
    expect(text.split('\r\n').filter((line) => line.includes('\n'))).toEqual([]);
  });
});

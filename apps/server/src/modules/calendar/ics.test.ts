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

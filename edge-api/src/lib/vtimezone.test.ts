import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { formatOffset, offsetTransitions, utcOffsetMinutes, vtimezoneLines } from './vtimezone.ts';

const block = (zone: string, from = 2026, to = 2031) => vtimezoneLines(zone, from, to).join('\r\n');

/** The UTC instant ical.js computes for a local time in `zone`, using only our VTIMEZONE. */
function viaVtimezone(zone: string, local: string, from = 2026, to = 2031): string {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...vtimezoneLines(zone, from, to),
    'END:VCALENDAR',
  ].join('\r\n');
  const vtimezone = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtimezone')!;
  const timezone = new ICAL.Timezone(vtimezone);
  const time = ICAL.Time.fromDateTimeString(local);
  time.zone = timezone;
  return time.toJSDate().toISOString();
}

describe('VTIMEZONE from the IANA data', () => {
  it('reads offsets, transitions and formats them', () => {
    expect(utcOffsetMinutes('America/New_York', Date.UTC(2027, 0, 15))).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', Date.UTC(2027, 6, 15))).toBe(-240);
    expect(utcOffsetMinutes('Asia/Kolkata', Date.UTC(2027, 0, 15))).toBe(330);
    expect(utcOffsetMinutes('UTC', Date.UTC(2027, 0, 15))).toBe(0);
    expect(formatOffset(-300)).toBe('-0500');
    expect(formatOffset(330)).toBe('+0530');
    expect(offsetTransitions('America/New_York', 2027, 2027)).toEqual([
      { at: Date.parse('2027-03-14T07:00:00Z'), from: -300, to: -240 },
      { at: Date.parse('2027-11-07T06:00:00Z'), from: -240, to: -300 },
    ]);
  });

  it('gives New York its yearly rules: second Sunday of March, first Sunday of November, at 2 AM', () => {
    const text = block('America/New_York');
    expect(text).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20250309T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\nEND:DAYLIGHT',
    );
    expect(text).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\nEND:STANDARD',
    );
    expect(viaVtimezone('America/New_York', '2027-03-13T19:00:00')).toBe('2027-03-14T00:00:00.000Z');
    expect(viaVtimezone('America/New_York', '2027-03-16T19:00:00')).toBe('2027-03-16T23:00:00.000Z');
    // Past the scanned years the yearly rule still holds.
    expect(viaVtimezone('America/New_York', '2035-07-01T12:00:00')).toBe('2035-07-01T16:00:00.000Z');
  });

  it('gives Berlin the last Sundays of March and October (2 AM and 3 AM local)', () => {
    const text = block('Europe/Berlin');
    expect(text).toContain(
      'DTSTART:20250330T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    );
    expect(text).toContain(
      'DTSTART:20251026T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    );
    expect(viaVtimezone('Europe/Berlin', '2027-03-27T19:00:00')).toBe('2027-03-27T18:00:00.000Z');
    expect(viaVtimezone('Europe/Berlin', '2027-03-28T19:00:00')).toBe('2027-03-28T17:00:00.000Z');
    expect(viaVtimezone('Europe/Berlin', '2027-10-31T19:00:00')).toBe('2027-10-31T18:00:00.000Z');
  });

  it('gives a zone without clock changes (Tokyo) one standard observance', () => {
    expect(vtimezoneLines('Asia/Tokyo', 2026, 2031)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Tokyo',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0900',
      'TZOFFSETTO:+0900',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    expect(viaVtimezone('Asia/Tokyo', '2027-07-01T19:00:00')).toBe('2027-07-01T10:00:00.000Z');
  });

  it('lists transitions that follow no yearly rule one by one, and ends a rule that stopped', () => {
    // Casablanca's clocks move around Ramadan, a different date each year.
    const text = block('Africa/Casablanca', 2024, 2027);
    expect(text).toMatch(/RDATE:/);
    expect(text).not.toMatch(/RRULE:/);
    // Moscow stopped changing its clocks in 2011 (staying on +04 until 2014): its rules end there.
    const ended = block('Europe/Moscow', 2009, 2013);
    expect(ended).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20110326T230000Z');
    expect(ended).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20101030T230000Z');
    expect(viaVtimezone('Europe/Moscow', '2010-12-15T12:00:00', 2009, 2013)).toBe('2010-12-15T09:00:00.000Z');
    expect(viaVtimezone('Europe/Moscow', '2012-12-15T12:00:00', 2009, 2013)).toBe('2012-12-15T08:00:00.000Z');
  });
});

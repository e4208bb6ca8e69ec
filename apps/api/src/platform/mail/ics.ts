/**
 * A minimal iCalendar file (RFC 5545) for a booking's trips: one VEVENT per leg, times in UTC,
 * text escaped and lines folded at 75 octets.
 */
export type CalendarEvent = {
  /** Stable across mails, so a calendar updates the event instead of adding a copy. */
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  location: string;
  description?: string;
  /** RFC 5545 SEQUENCE: raised at each significant change, so a calendar replaces its copy. */
  sequence?: number;
};

/** PUBLISH adds or updates the events; CANCEL removes them from the reader's calendar. */
export type IcsMethod = 'PUBLISH' | 'CANCEL';

const pad = (value: number) => String(value).padStart(2, '0');

/** 20261224T173000Z */
export function formatIcsUtc(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/**
 * TEXT value escaping: backslash, semicolon, comma; every line break (CRLF, a bare CR or LF, and
 * the Unicode ones: NEL U+0085, LINE and PARAGRAPH SEPARATOR U+2028, U+2029) as `\n`, since a
 * calendar reader may end a content line at any of them and would read the rest as a line of its
 * own; other control characters (C0 but the tab, DEL, C1), which TEXT may not hold, are dropped.
 */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\\n')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

/** Splits a content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(events: readonly CalendarEvent[], now: Date = new Date(), method: IcsMethod = 'PUBLISH'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Riviera VTC//Booking//FR', 'CALSCALE:GREGORIAN', `METHOD:${method}`];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `DTSTAMP:${formatIcsUtc(now)}`,
      `DTSTART:${formatIcsUtc(event.start)}`,
      `DTEND:${formatIcsUtc(new Date(event.start.getTime() + event.durationMinutes * 60_000))}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
      `LOCATION:${escapeIcsText(event.location)}`,
      ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
      `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

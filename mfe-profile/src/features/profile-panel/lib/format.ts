// How the panel words dates and places, in English like the rest of the app. Country names come from
// the browser's own Intl data, so no country list ships with the panel.
const LOCALE = 'en-US';

let regionNames: Intl.DisplayNames | null | undefined;

/** "CH" → "Switzerland"; the code itself when the browser cannot name it, null when there is none. */
export function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames([LOCALE], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a well-formed region code (old data): show what is stored.
    return code;
  }
}

/** "Zurich, Switzerland", "Zurich", or null when neither is known. */
export function placeLine(city: string | null, country: string | null): string | null {
  const countryLabel = countryName(country);
  if (city && countryLabel) return `${city}, ${countryLabel}`;
  return city || countryLabel || null;
}

/** An ISO date or a `YYYY-MM` month → "October 2026" (in UTC, as the server groups months). */
export function monthLabel(value: string): string {
  const iso = /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : value;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Member since October 2026". */
export const memberSinceLine = (memberSince: string) => `Member since ${monthLabel(memberSince)}`;

/** "Oct 14, 2026, 6:30 PM" for an event's start in lists. */
export function dateTimeLabel(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(LOCALE, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A link attachment's host ("example.com"), or the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** "Oct 14, 2026". */
export function dateLabel(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });
}

// Every date, time and amount on screen, formatted for people in the screen's language: Intl, never seconds; a
// shift's times in its city's time zone (with the zone's short name when the viewer's differs). Phone numbers
// are in phone.ts (libphonenumber-js stays off the pages that show none).
import { CITY_TIME_ZONES, type CityName } from '@brigade/contracts';
import { currentLanguage } from './i18n';

const locale = () => (currentLanguage() === 'es' ? 'es-US' : 'en-US');

// Making an Intl formatter costs far more than using one (a list of 100 shifts made ~1,000 of them per render,
// seconds of a phone's main thread): each is made once per locale and options, then kept. Few combinations exist.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The kept `Intl.DateTimeFormat` of a language tag and `options`. */
export function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(tag, options)));
  return format;
}

/** The kept `Intl.NumberFormat` of a language tag and `options`. */
export function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(tag, options)));
  return format;
}

/** The zone of a restaurant's city, or undefined (then times are the viewer's). */
export function cityTimeZone(city: string | null | undefined): string | undefined {
  return city && city in CITY_TIME_ZONES ? CITY_TIME_ZONES[city as CityName] : undefined;
}

/** How long the viewer's zone is taken as known (a phone that travels reads its new zone within a minute). */
const VIEWER_ZONE_MS = 60_000;
let viewerZone: { zone: string; at: number } | null = null;

/** The viewer's own time zone (the browser's); the shift formatters take another one in tests. */
export function viewerTimeZone(): string {
  const now = Date.now();
  if (!viewerZone || now - viewerZone.at > VIEWER_ZONE_MS || now < viewerZone.at)
    viewerZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  return viewerZone.zone;
}

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Whether `zone` shows other clock times than the viewer's at that instant. */
function differsFromViewer(zone: string, at: Date, viewer: string): boolean {
  const clock = (timeZone: string) =>
    dateFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', day: 'numeric' }).format(at);
  return zone !== viewer && clock(zone) !== clock(viewer);
}

/** `iso` in the visitor's language with `options`; '' when it is missing or no date. */
function formatIso(iso: string | null | undefined, options: Intl.DateTimeFormatOptions): string {
  const d = valid(iso);
  return d ? dateFormat(locale(), options).format(d) : '';
}

/** "Mon, Jan 5, 6:00 PM" */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  return formatIso(iso, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

/** "Jan 5, 2026" */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  return formatIso(iso, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  });
}

/** "6:00 PM" (with the zone's short name when `withZone`: "6:00 PM CST"). */
export function formatTime(iso: string | null | undefined, timeZone?: string, withZone = false): string {
  return formatIso(iso, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(withZone ? { timeZoneName: 'short' as const } : {}),
  });
}

/**
 * A shift's start (and end) in its city's time zone: "Mon, Jan 5, 6:00 PM – 11:00 PM", and "... 11:00 PM CST"
 * when the viewer's zone shows other times.
 */
export function formatShift(
  start?: string | null,
  end?: string | null,
  city?: string | null,
  viewer = viewerTimeZone(),
): string {
  const s = valid(start);
  if (!s) return '';
  const zone = cityTimeZone(city);
  const withZone = !!zone && differsFromViewer(zone, s, viewer);
  if (!valid(end)) {
    return withZone ? `${formatDateTime(start, zone)} ${zoneName(s, zone)}` : formatDateTime(start, zone);
  }
  return `${formatDateTime(start, zone)} – ${formatTime(end, zone, withZone)}`;
}

/** One moment of a shift (its start, its end) in its city's zone: "Mon, Jan 5, 6:00 PM" (+ " CST" elsewhere). */
export function formatShiftMoment(
  iso: string | null | undefined,
  city?: string | null,
  viewer = viewerTimeZone(),
): string {
  return formatShift(iso, null, city, viewer);
}

/** One time of a shift in its city's zone: "12:53 PM" (+ " CST" for a viewer in another zone). */
export function formatShiftTime(
  iso: string | null | undefined,
  city?: string | null,
  viewer = viewerTimeZone(),
): string {
  const d = valid(iso);
  if (!d) return '';
  const zone = cityTimeZone(city);
  return formatTime(iso, zone, !!zone && differsFromViewer(zone, d, viewer));
}

/** A shift's day in its city's zone: "Jan 5, 2026". */
export function formatShiftDate(iso: string | null | undefined, city?: string | null): string {
  return formatDate(iso, cityTimeZone(city));
}

/** A shift's hours in its city's zone: "6:00 PM – 11:00 PM" (+ " CST" for a viewer in another zone). */
export function formatShiftHours(
  start?: string | null,
  end?: string | null,
  city?: string | null,
  viewer = viewerTimeZone(),
): string {
  const s = valid(start);
  if (!s || !valid(end)) return '';
  const zone = cityTimeZone(city);
  return `${formatTime(start, zone)} – ${formatTime(end, zone, !!zone && differsFromViewer(zone, s, viewer))}`;
}

function zoneName(at: Date, timeZone: string): string {
  return (
    dateFormat(locale(), { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** The spec's message times: the time of day when recent (today), otherwise month and day. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const d = valid(iso);
  if (!d) return '';
  const recent =
    d.toDateString() === now.toDateString() ||
    (now.getTime() - d.getTime() < 12 * 3_600_000 && now.getTime() >= d.getTime());
  return recent ? formatTime(iso) : dateFormat(locale(), { month: 'short', day: 'numeric' }).format(d);
}

/** "$18.50" */
export function formatRate(dollars: number): string {
  return numberFormat(locale(), { style: 'currency', currency: 'USD' }).format(dollars);
}

/** "$107.00" from integer cents. */
export function formatCents(cents: number): string {
  return numberFormat(locale(), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/**
 * The formatters most screens use first (amounts, hours, a distance, a shift's times in each city), each made as
 * the screens will ask it: the first Intl formatter of a page costs tens of milliseconds of a phone's main thread.
 * One step per formatter, so that each can run in a task of its own (issue 41).
 */
export function formatWarmups(): Array<() => void> {
  const now = new Date().toISOString();
  return [
    () => formatCents(0),
    () => formatHours(1),
    () => numberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(1),
    ...Object.keys(CITY_TIME_ZONES).map((city) => () => formatShift(now, now, city)),
  ];
}

/**
 * Makes the first formatters while the first page's code and lists are on their way (main.tsx), each step in a
 * task of its own: in the entry's task they held a phone's main thread ~80 ms longer (Lighthouse, issue 41).
 */
export function warmFormats(): void {
  const steps = formatWarmups();
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/** Hours with at most two decimals: 5, 5.5, 4.75. */
export function formatHours(hours: number): string {
  return numberFormat(locale(), { maximumFractionDigits: 2 }).format(hours);
}

/** "4.3" */
export function formatRating(value: number | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return null;
  return Number(value).toFixed(1);
}

/** "5.5" (en and US Spanish alike): a plain number in the screen's locale, at most 2 decimals. */
export function formatNumber(value: number): string {
  return numberFormat(locale(), { maximumFractionDigits: 2 }).format(value);
}

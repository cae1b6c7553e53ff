/**
 * Date formatters made once and kept (issue 41). Making an `Intl.DateTimeFormat` costs 0.1-0.4 ms and using one a
 * few microseconds, and the hot paths (a chef's openings checking every shift's weekday, a week's pay, an inbox
 * page's texts) format the same few shapes in the cities' few time zones again and again.
 *
 * A shape is a caller's constant options object (without its time zone): it is the key, so a lookup builds no
 * string from it. Each shape keeps at most KEPT_PER_SHAPE formatters (locale and time zone), and starts again when
 * full, so a stream of odd time zones cannot grow it.
 */
export type DateShape = Readonly<Omit<Intl.DateTimeFormatOptions, 'timeZone'>>;

/** A 24-hour wall clock's parts to the second (year, month, day, hour, minute, second), for `formatToParts`. */
export const WALL_CLOCK: DateShape = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

const KEPT_PER_SHAPE = 64;
const kept = new WeakMap<DateShape, Map<string, Intl.DateTimeFormat>>();

/** The formatter of `shape` for a locale in a time zone, made the first time it is asked for. */
export function keptDateFormat(locale: string, timeZone: string, shape: DateShape): Intl.DateTimeFormat {
  let byZone = kept.get(shape);
  if (!byZone) {
    byZone = new Map();
    kept.set(shape, byZone);
  }
  const key = `${locale} ${timeZone}`;
  let format = byZone.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...shape, timeZone });
    if (byZone.size >= KEPT_PER_SHAPE) byZone.clear();
    byZone.set(key, format);
  }
  return format;
}

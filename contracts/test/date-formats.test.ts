import { keptDateFormat, type DateShape } from '../src/date-formats';

// Issue 41: a kept formatter writes exactly what a new one would, for each locale, time zone and shape asked for.
const DAY: DateShape = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const CLOCK: DateShape = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const instant = new Date('2026-03-08T08:30:00Z'); // the morning clocks went forward in the US

test('each locale, time zone and shape is written as a new formatter writes it', () => {
  for (const locale of ['en-US', 'es-US'])
    for (const timeZone of ['America/Chicago', 'America/Detroit', 'UTC'])
      for (const shape of [DAY, CLOCK])
        expect(keptDateFormat(locale, timeZone, shape).format(instant)).toBe(
          new Intl.DateTimeFormat(locale, { ...shape, timeZone }).format(instant),
        );
  expect(keptDateFormat('es-US', 'America/Chicago', DAY).format(instant)).toBe('dom, 8 de mar, 3:30 a.m.');
  expect(keptDateFormat('en-US', 'America/Detroit', CLOCK).format(instant)).toBe('04:30');
});

test('more time zones than it keeps are all still written right', () => {
  const zones = Intl.supportedValuesOf('timeZone').slice(0, 150);
  for (const pass of [1, 2])
    for (const timeZone of zones)
      expect([pass, keptDateFormat('en-US', timeZone, CLOCK).format(instant)]).toEqual([
        pass,
        new Intl.DateTimeFormat('en-US', { ...CLOCK, timeZone }).format(instant),
      ]);
});

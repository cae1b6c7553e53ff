import { jest } from '@jest/globals';
import i18n from './i18n';
import {
  formatCents,
  formatDateTime,
  formatMessageTime,
  formatShift,
  formatShiftHours,
  formatShiftMoment,
  formatWarmups,
  warmFormats,
} from './format';
import { formatPhone } from './phone';

// 6:00 PM to 11:00 PM in Minneapolis (CST, UTC-6) on Monday 5 January 2026.
const start = '2026-01-06T00:00:00.000Z';
const end = '2026-01-06T05:00:00.000Z';
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('dates and times', () => {
  test("a shift shows in its city's time zone, with the zone's name for a viewer elsewhere", () => {
    expect(formatShift(start, end, 'Minneapolis', 'UTC')).toBe('Mon, Jan 5, 6:00 PM – 11:00 PM CST');
    expect(formatShift(start, end, 'Detroit', 'UTC')).toBe('Mon, Jan 5, 7:00 PM – 12:00 AM EST');
    expect(formatShiftMoment(start, 'Minneapolis', 'UTC')).toBe('Mon, Jan 5, 6:00 PM CST');
    expect(formatShiftHours(start, end, 'Minneapolis', 'UTC')).toBe('6:00 PM – 11:00 PM CST');
  });

  test("a viewer in the city's zone reads the times without a zone name", () => {
    const viewer = 'America/Chicago';
    expect(formatShift(start, end, 'Minneapolis', viewer)).toBe('Mon, Jan 5, 6:00 PM – 11:00 PM');
    // a Detroit shift seen from Minneapolis says it is Eastern time
    expect(formatShift(start, end, 'Detroit', viewer)).toBe('Mon, Jan 5, 7:00 PM – 12:00 AM EST');
  });

  test('in Spanish, and never with seconds', async () => {
    await i18n.changeLanguage('es');
    const text = formatShift(start, end, 'Minneapolis', 'UTC');
    expect(text).toMatch(/^lun, 5 de ene, 6:00\sp\.\s?m\. – 11:00\sp\.\s?m\. CST$/);
    for (const s of [text, formatDateTime(start), formatMessageTime(start, new Date(start))])
      expect(s).not.toMatch(/\d:\d\d:\d\d/);
  });

  test("a shift of a city we do not know reads in the viewer's zone", () => {
    // the test runner's zone is the viewer's
    expect(formatShift(start, end, null)).not.toMatch(/C[SD]T|E[SD]T/);
  });
});

describe('phone numbers', () => {
  test('a US number reads as people write it', () => {
    expect(formatPhone('+16125553325')).toBe('(612) 555-3325');
    expect(formatPhone('6125553325')).toBe('(612) 555-3325');
  });

  test("another country's number keeps its international form; nonsense is shown as given", () => {
    expect(formatPhone('+525512345678')).toBe('+52 55 1234 5678');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone(null)).toBe('');
  });
});

describe('the first formatters, made ahead (issue 41)', () => {
  afterEach(() => jest.useRealTimers());

  test("are made one per task after the entry's own, never inside it, and show what the screens show", () => {
    jest.useFakeTimers();
    const made = jest.spyOn(Intl, 'NumberFormat');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      warmFormats();
      // nothing in the calling task: a phone's first long task is the entry's evaluation alone
      expect(made).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
      const steps = formatWarmups().length;
      expect(steps).toBeGreaterThanOrEqual(4); // an amount, the hours, a distance and each city's shift times
      // one step per timer: each task makes at most the formatters of one kind
      let timers = 0;
      while (jest.getTimerCount() > 0) {
        jest.advanceTimersToNextTimer();
        timers += 1;
      }
      expect(timers).toBe(steps);
    } finally {
      made.mockRestore();
      dates.mockRestore();
    }
    expect(formatCents(10_700)).toBe('$107.00');
  });
});

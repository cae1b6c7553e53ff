import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { formatUsd, POSITIONS, timeZoneOfCity, type Language } from '@brigade/contracts';

// The calendar of confirmed shifts (issue 20) as iCalendar text, made by ical-generator: one shift for "Add to
// calendar", or a user's private feed. Times are UTC (DTSTART...Z: an exact instant every app places right, with
// no VTIMEZONE to ship); the description says the shift's time in its city's zone ("Wed, Nov 25, 2:00 – 6:00 PM
// CST"), as the web app shows it.

/** A confirmed shift as a calendar shows it: the job, its confirmed chef and the restaurant's profile. */
export interface CalendarShift {
  job_id: string;
  title: string;
  status: string;
  start_time: Date;
  end_time: Date;
  hourly_rate_cents: number;
  subtotal_cents: number;
  updated_at: Date;
  restaurant_id: string;
  chef_id: string;
  restaurant_name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  chef_name: string | null;
}

/** The time zone of a restaurant's city (contracts' one table, which notifications and the web app read too). */
export const timeZoneOf = timeZoneOfCity;

/** How far back a feed keeps shifts (recently worked ones stay visible), and how many it lists at most. */
export const FEED_PAST_DAYS = 30;
export const FEED_MAX_EVENTS = 500;
/** How often a calendar app is asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 3600;

const POSITION_ES: Record<(typeof POSITIONS)[number], string> = {
  'Line Cook': 'Cocinero de línea',
  'Prep Cook': 'Ayudante de preparación',
  Dishwasher: 'Lavaplatos',
  Server: 'Mesero',
  Bartender: 'Bartender',
  Host: 'Anfitrión',
  'Kitchen Help': 'Ayudante de cocina',
};

const TEXTS = {
  en: {
    calendar: 'Brigade shifts',
    feedDescription: 'Your confirmed Brigade shifts',
    at: (position: string, restaurant: string) => `${position} at ${restaurant}`,
    withChef: (position: string, chef: string) => `${position}: ${chef}`,
    chefPay: 'Your pay',
    shiftPay: "Chef's pay",
    perHour: '/h',
    chef: 'Chef',
    restaurant: 'Restaurant',
    details: 'Shift details',
    aRestaurant: 'a restaurant',
  },
  es: {
    calendar: 'Turnos de Brigade',
    feedDescription: 'Tus turnos confirmados en Brigade',
    at: (position: string, restaurant: string) => `${position} en ${restaurant}`,
    withChef: (position: string, chef: string) => `${position}: ${chef}`,
    chefPay: 'Tu pago',
    shiftPay: 'Pago del chef',
    perHour: '/h',
    chef: 'Chef',
    restaurant: 'Restaurante',
    details: 'Detalles del turno',
    aRestaurant: 'un restaurante',
  },
} as const;

/** A position as the reader says it ("Cocinero de línea" in Spanish). */
export function positionName(title: string, language: Language): string {
  return language === 'es' ? (POSITION_ES[title as keyof typeof POSITION_ES] ?? title) : title;
}

/** How a moment reads in a city's time zone and the reader's language: "Wed, Nov 25, 2:00 PM CST". */
export function localFormat(city: string | null, language: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone: timeZoneOf(city),
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The shift's time in its city's zone, in the reader's language: "Wed, Nov 25, 2:00 – 6:00 PM CST". */
export function localTime(
  shift: Pick<CalendarShift, 'start_time' | 'end_time' | 'city'>,
  language: Language,
) {
  return localFormat(shift.city, language).formatRange(shift.start_time, shift.end_time);
}

/** The same UID in every file and feed for one job: a calendar app replaces the event instead of adding one. */
export function shiftUid(jobId: string): string {
  return `job-${jobId}@brigade`;
}

export interface CalendarOptions {
  /** Whose calendar: the chef reads "Line Cook at Loop Diner", the restaurant "Line Cook: Ana Ruiz". */
  viewer: 'chef' | 'restaurant';
  language: Language;
  /** The public origin of the web app: each event links to its job page. */
  publicUrl: string;
  now: Date;
  /** A feed (REFRESH-INTERVAL, calendar name) rather than one shift's file. */
  feed?: boolean;
}

/** The iCalendar text of these shifts (an empty VCALENDAR when there are none). */
export function renderCalendar(shifts: CalendarShift[], options: CalendarOptions): string {
  const text = TEXTS[options.language];
  const base = options.publicUrl.replace(/\/$/, '');
  const calendar = ical({
    prodId: { company: 'Brigade', product: 'Shifts', language: options.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.feed
      ? { name: text.calendar, description: text.feedDescription, ttl: FEED_REFRESH_SECONDS }
      : {}),
  });
  for (const shift of shifts) {
    const position = positionName(shift.title, options.language);
    const restaurant = shift.restaurant_name ?? text.aRestaurant;
    const url = `${base}/jobs/${shift.job_id}`;
    const rate = `${formatUsd(shift.hourly_rate_cents)}${text.perHour}`;
    const when = localTime(shift, options.language);
    const description =
      options.viewer === 'chef'
        ? [
            `${text.chefPay}: ${formatUsd(shift.subtotal_cents)} (${rate})`,
            `${text.restaurant}: ${restaurant}`,
          ]
        : [
            `${text.chef}: ${shift.chef_name ?? '-'}`,
            `${text.shiftPay}: ${formatUsd(shift.subtotal_cents)} (${rate})`,
          ];
    calendar.createEvent({
      id: shiftUid(shift.job_id),
      start: shift.start_time,
      end: shift.end_time,
      stamp: options.now,
      lastModified: shift.updated_at,
      summary:
        options.viewer === 'chef'
          ? text.at(position, restaurant)
          : shift.chef_name
            ? text.withChef(position, shift.chef_name)
            : position,
      location: [shift.address, shift.city, shift.state].filter(Boolean).join(', ') || null,
      description: [when, ...description, `${text.details}: ${url}`].join('\n'),
      url,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

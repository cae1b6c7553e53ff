import { AppError } from '@brigade/kit';
import { formatDuration, type Language } from '@brigade/contracts';
import { localFormat, localTime, positionName, timeZoneOf } from './calendar';

// Issue 32's refusals about time, in the caller's language (the token's): a chef cannot hold two shifts that
// overlap (SHIFT_GAP of travel between them), and nobody checks out before the shift's end. Each refusal also
// carries its facts as fields, so a screen in another language than the token's can say it in its own.

/** Another shift the chef holds, as the overlap refusal names it. */
export interface HeldShift {
  job_id: string;
  title: string;
  restaurant_name: string | null;
  city: string | null;
  start_time: Date;
  end_time: Date;
  confirmed: boolean;
}

const TEXTS = {
  en: {
    chef: (title: string, restaurant: string, time: string) =>
      `You are already booked at that time: ${title} at ${restaurant}, ${time}.`,
    awaiting: (title: string, restaurant: string, time: string) =>
      `You are already booked at that time: ${restaurant} accepted you as ${title}, ${time}, and is waiting for your answer. Decline it first to take this shift.`,
    gap: (gap: string) => ` Shifts need ${gap} between them to get from one to the other.`,
    aRestaurant: 'a restaurant',
    restaurant: (time: string) =>
      `This chef is already booked at that time (${time}), so they cannot take this shift.`,
    checkoutNotOpen: (time: string) => `Checkout opens at the end of the shift: ${time}.`,
  },
  es: {
    chef: (title: string, restaurant: string, time: string) =>
      `Ya tienes un turno a esa hora: ${title} en ${restaurant}, ${time}.`,
    awaiting: (title: string, restaurant: string, time: string) =>
      `Ya tienes un turno a esa hora: ${restaurant} te aceptó como ${title}, ${time}, y espera tu respuesta. Recházalo primero para tomar este turno.`,
    gap: (gap: string) => ` Entre dos turnos hacen falta ${gap} para llegar de uno a otro.`,
    aRestaurant: 'un restaurante',
    restaurant: (time: string) =>
      `Este chef ya tiene un turno a esa hora (${time}), así que no puede tomar este turno.`,
    checkoutNotOpen: (time: string) => `Podrás registrar la salida cuando termine el turno: ${time}.`,
  },
} as const satisfies Record<Language, unknown>;

/** One moment in a city's time zone, in the reader's language: "Wed, Nov 25, 12:53 PM CST". */
export function localMoment(at: Date, city: string | null, language: Language): string {
  return localFormat(city, language).format(at);
}

const iso = (d: Date) => d.toISOString();

/**
 * To the chef who would take a shift overlapping one they hold: which shift (its position and restaurant) and
 * when, in that restaurant's time zone; one still awaiting their answer is named so, with what to do. `booked`
 * carries the same facts.
 */
export function overlapForChef(language: Language, other: HeldShift, gapMs: number): AppError {
  const t = TEXTS[language];
  const time = localTime(other, language);
  const say = other.confirmed ? t.chef : t.awaiting;
  const text =
    say(positionName(other.title, language), other.restaurant_name ?? t.aRestaurant, time) +
    (gapMs > 0 ? t.gap(formatDuration(gapMs, language)) : '');
  return new AppError(409, 'JOBS.OVERLAPPING_SHIFT', text, {
    booked: {
      job_id: other.job_id,
      title: other.title,
      restaurant_name: other.restaurant_name,
      city: other.city,
      start_time: iso(other.start_time),
      end_time: iso(other.end_time),
      time_zone: timeZoneOf(other.city),
      confirmed: other.confirmed,
    },
  });
}

/**
 * To a restaurant accepting a chef who holds an overlapping shift elsewhere: only that the chef is booked and
 * when, in the accepting restaurant's own time zone (another zone's name would tell which city). Never where:
 * no position, no restaurant, no job id.
 */
export function overlapForRestaurant(
  language: Language,
  other: Pick<HeldShift, 'start_time' | 'end_time'>,
  ownCity: string | null,
): AppError {
  const time = localTime({ ...other, city: ownCity }, language);
  return new AppError(409, 'JOBS.OVERLAPPING_SHIFT', TEXTS[language].restaurant(time), {
    booked: {
      start_time: iso(other.start_time),
      end_time: iso(other.end_time),
      time_zone: timeZoneOf(ownCity),
    },
  });
}

/** Checkout before the shift's scheduled end: when it opens, in the shift's city time, and as `opens_at`. */
export function checkoutNotOpen(language: Language, opensAt: Date, city: string | null): AppError {
  return new AppError(
    409,
    'JOBS.CHECKOUT_NOT_OPEN',
    TEXTS[language].checkoutNotOpen(localMoment(opensAt, city, language)),
    { opens_at: iso(opensAt), time_zone: timeZoneOf(city) },
  );
}

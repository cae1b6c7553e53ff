import type { Language, Weekday } from '@brigade/contracts';

// Issue 37: why a chef was told about a shift. Jobs chooses who is told (the events' `alerts`); each text says
// why in its reader's words.

/** One alert as the text reads it: the reason jobs gave, with the miles and the weekday of a `nearby` one. */
export interface AlertWhy {
  reason: 'favorite' | 'standby' | 'nearby';
  miles: number | null;
  weekday: Weekday | null;
}

const WEEKDAYS_PLURAL: Record<Language, Record<Weekday, string>> = {
  en: {
    monday: 'Mondays',
    tuesday: 'Tuesdays',
    wednesday: 'Wednesdays',
    thursday: 'Thursdays',
    friday: 'Fridays',
    saturday: 'Saturdays',
    sunday: 'Sundays',
  },
  es: {
    monday: 'los lunes',
    tuesday: 'los martes',
    wednesday: 'los miércoles',
    thursday: 'los jueves',
    friday: 'los viernes',
    saturday: 'los sábados',
    sunday: 'los domingos',
  },
};

/** The miles' formatter per language, made once (making one cost more than the rest of an alert's text). */
const MILES = {
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
  es: new Intl.NumberFormat('es-US', { maximumFractionDigits: 1 }),
};

/** The reason as words: "favorite", "on standby", "within 6 mi and available Fridays" (and in Spanish). */
export function alertReasonText(alert: AlertWhy, language: Language): string {
  const es = language === 'es';
  if (alert.reason === 'favorite') return es ? 'eres favorito del restaurante' : 'favorite';
  if (alert.reason === 'standby') return es ? 'estás en la lista de espera' : 'on standby';
  const miles = alert.miles === null ? null : MILES[es ? 'es' : 'en'].format(alert.miles);
  const day = alert.weekday ? WEEKDAYS_PLURAL[language][alert.weekday] : null;
  const near = miles === null ? null : es ? `a ${miles} mi` : `within ${miles} mi`;
  const free = day === null ? null : es ? `disponible ${day}` : `available ${day}`;
  return [near, free].filter(Boolean).join(es ? ' y ' : ' and ') || (es ? 'cerca de ti' : 'near you');
}

/** " Why you: favorite." before a text's link, or nothing when the text carries no alert (older events). */
export function whyText(alert: AlertWhy | undefined, language: Language): string {
  if (!alert) return '';
  return language === 'es'
    ? ` Por qué tú: ${alertReasonText(alert, 'es')}.`
    : ` Why you: ${alertReasonText(alert, 'en')}.`;
}

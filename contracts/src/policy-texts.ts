import type { Language } from './constants';
import type { Policy } from './policy';
import type { CancellationRule } from './policy-rules';

/**
 * The texts that cite the money rules, in English and Spanish: one source for the API's `reason_text`, every
 * screen that explains a choice before it is made, and the texts (SMS) that report it afterwards. Placeholders
 * in braces are filled by `policyText`: money already formatted (`$12.34`), durations by `formatDuration`.
 */
export const POLICY_TEXTS = {
  en: {
    cancel_no_chef: 'No chef is booked yet: the whole {refund} goes back to your card.',
    cancel_early:
      'More than {window} before the start: the whole {refund} goes back to your card, and the chef is told.',
    cancel_late:
      'Late cancellation (less than {window} before the start): the chef is paid {chef_pay} ({hours} of pay), Brigade keeps {fee}, and {refund} goes back to your card. It counts as a late cancellation on your reliability record.',
    cancel_started: 'The shift has started, so it can no longer be cancelled: check out instead.',
    chef_cancel_early:
      'You can cancel until {late_from} without it counting against you; after that it is a late cancellation on your record.',
    chef_cancel_late:
      'Less than {window} before the start: cancelling now counts as a late cancellation on your reliability record.',
    expired:
      'Nobody confirmed this shift before it started: it expired and the whole {refund} goes back to your card.',
    checkout_deadline:
      'Checkout answers are due by {deadline}. After that, the answer given stands, and a shift nobody answered is paid out to the chef.',
    checkout_deadline_chef:
      'Checkout answers are due by {deadline}. After that, the answer given stands, and if nobody answers, you are paid for the shift.',
    under_review: 'The two checkouts disagree, so the money stays held while the shift is reviewed.',
    shift_too_short: 'A shift must be at least {minimum} long.',
    charge_under_minimum:
      'This shift would be charged {total}, less than the {minimum} a card can be charged: make it longer or raise the hourly rate.',
  },
  es: {
    cancel_no_chef: 'Todavía no hay chef reservado: el total de {refund} vuelve a tu tarjeta.',
    cancel_early:
      'Faltan más de {window} para el inicio: el total de {refund} vuelve a tu tarjeta y se le avisa al chef.',
    cancel_late:
      'Cancelación tardía (faltan menos de {window} para el inicio): el chef recibe {chef_pay} ({hours} de pago), Brigade se queda con {fee} y {refund} vuelve a tu tarjeta. Cuenta como cancelación tardía en tu historial de confiabilidad.',
    cancel_started: 'El turno ya empezó, así que no se puede cancelar: registra la salida.',
    chef_cancel_early:
      'Puedes cancelar hasta el {late_from} sin que cuente en tu contra; después es una cancelación tardía en tu historial.',
    chef_cancel_late:
      'Faltan menos de {window} para el inicio: cancelar ahora cuenta como cancelación tardía en tu historial de confiabilidad.',
    expired:
      'Nadie confirmó este turno antes de que empezara: venció y el total de {refund} vuelve a tu tarjeta.',
    checkout_deadline:
      'Las respuestas de salida vencen el {deadline}. Después, cuenta la respuesta que ya se dio, y un turno sin respuestas se le paga al chef.',
    checkout_deadline_chef:
      'Las respuestas de salida vencen el {deadline}. Después, cuenta la respuesta que ya se dio, y si nadie responde, te pagamos el turno.',
    under_review:
      'Las respuestas de salida no coinciden, así que el dinero sigue retenido mientras se revisa el turno.',
    shift_too_short: 'Un turno debe durar al menos {minimum}.',
    charge_under_minimum:
      'Este turno se cobraría {total}, menos de los {minimum} que se pueden cobrar a una tarjeta: alárgalo o sube la tarifa por hora.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type PolicyTextKey = keyof (typeof POLICY_TEXTS)['en'];

/** The text for a restaurant's cancellation rule. */
export const CANCELLATION_TEXT: Record<CancellationRule, PolicyTextKey> = {
  no_chef: 'cancel_no_chef',
  early: 'cancel_early',
  late: 'cancel_late',
  started: 'cancel_started',
};

/** A policy text with its placeholders filled (unknown placeholders are left as they are). */
export function policyText(
  language: Language,
  key: PolicyTextKey,
  values: Record<string, string | number> = {},
): string {
  return POLICY_TEXTS[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const UNITS: Array<[ms: number, en: [string, string], es: [string, string]]> = [
  [86_400_000, ['day', 'days'], ['día', 'días']],
  [3_600_000, ['hour', 'hours'], ['hora', 'horas']],
  [60_000, ['minute', 'minutes'], ['minuto', 'minutos']],
  [1000, ['second', 'seconds'], ['segundo', 'segundos']],
];

/**
 * A duration as people say it: `24 hours`, `48 hours`, `7 days`, `90 seconds`, `4 horas`. The largest unit
 * that divides it exactly, with notice periods under three days in hours (people give "24 hours' notice").
 */
export function formatDuration(ms: number, language: Language): string {
  for (const [size, en, es] of UNITS) {
    if (size === 86_400_000 && ms < 3 * size) continue;
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      const [one, many] = language === 'es' ? es : en;
      return `${n} ${n === 1 ? one : many}`;
    }
  }
  return language === 'es' ? `${ms} ms` : `${ms} ms`;
}

/** `4 hours` of pay, as the late-cancellation text cites it. */
export function formatPayHours(policy: Pick<Policy, 'cancellationPayHours'>, language: Language): string {
  const h = policy.cancellationPayHours;
  if (language === 'es') return `${h} ${h === 1 ? 'hora' : 'horas'}`;
  return `${h} ${h === 1 ? 'hour' : 'hours'}`;
}

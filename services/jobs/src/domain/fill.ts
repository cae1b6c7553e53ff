import { AppError } from '@brigade/kit';
import {
  formatUsd,
  INSTANT_BOOK_MAX_LATE_CANCELLATIONS,
  INSTANT_BOOK_MIN_RATING,
  type BookNowCondition,
  type BoostMoney,
  type Language,
  type Policy,
} from '@brigade/contracts';

// Issue 37: the words and refusals of "Book now" and of boosts. The bar itself is contracts' `bookNowMissing`
// and a boost's money contracts' `boostMoney`; here what the API answers with them.

/** One missing condition of "Book now" in the chef's language: what they need ("3 completed shifts needed"). */
export function bookNowConditionText(
  policy: Pick<Policy, 'instantBookMinShifts'>,
  condition: BookNowCondition,
  language: Language,
): string {
  const es = language === 'es';
  switch (condition) {
    case 'min_shifts':
      return es
        ? `Se necesitan ${policy.instantBookMinShifts} turnos completados`
        : `${policy.instantBookMinShifts} completed shifts needed`;
    case 'no_show':
      return es ? 'Ninguna ausencia en los últimos 90 días' : 'No no-shows in the last 90 days';
    case 'late_cancellations':
      return es
        ? `Como máximo ${INSTANT_BOOK_MAX_LATE_CANCELLATIONS} cancelación tardía en los últimos 90 días`
        : `At most ${INSTANT_BOOK_MAX_LATE_CANCELLATIONS} late cancellation in the last 90 days`;
    case 'rating':
      return es
        ? `Una calificación promedio de ${INSTANT_BOOK_MIN_RATING} o más`
        : `An average rating of ${INSTANT_BOOK_MIN_RATING} or more`;
  }
}

/** 400, 403 and 409 refusals of "Book now" and of boosts (nothing changed). */
export const FillErrors = {
  instantBookOff: () =>
    new AppError(409, 'JOBS.INSTANT_BOOK_OFF', 'This shift cannot be booked instantly: apply to it instead'),
  /** The chef is below the bar: `missing` names each condition, and the text says them in the chef's words. */
  bookNowNotAllowed: (
    policy: Pick<Policy, 'instantBookMinShifts'>,
    missing: BookNowCondition[],
    language: Language,
  ) => {
    const needs = missing.map((c) => bookNowConditionText(policy, c, language)).join('; ');
    const text =
      language === 'es'
        ? `Aún no puedes reservar al instante (postúlate en su lugar): ${needs}`
        : `You cannot book instantly yet (apply instead): ${needs}`;
    return new AppError(403, 'JOBS.BOOK_NOW_NOT_ALLOWED', text, { missing });
  },
  notBoostable: () =>
    new AppError(
      409,
      'JOBS.NOT_BOOSTABLE',
      'Only an open shift with a free seat, paid and not started, can be boosted',
    ),
  boostNotHigher: (rateCents: number) =>
    new AppError(
      400,
      'JOBS.BOOST_NOT_HIGHER',
      `A boost must raise the hourly rate above ${formatUsd(rateCents)}`,
      { hourly_rate: rateCents / 100 },
    ),
};

/** The boost's quote in the restaurant's words. */
export function boostReasonText(money: BoostMoney, language: Language): string {
  const charge = formatUsd(money.charge_cents);
  const fee = formatUsd(money.fee_charge_cents);
  const total = formatUsd(money.new_total_cents);
  return language === 'es'
    ? `Se cobrarán ${charge} a tu tarjeta registrada ahora (tarifa de reserva ${fee}); nuevo total ${total}. La nueva tarifa se muestra cuando se cobre.`
    : `You'll be charged ${charge} now to your card on file (fee ${fee}); new total ${total}. The new rate shows once it is charged.`;
}

/**
 * Whether the chef's answers offer "Book now" on a shift: it is instant-book, open and not started, the chef
 * meets the bar (`missing` empty) and has not answered it yet (no application, or one still pending or awaiting
 * their confirmation). The POST decides under the job's lock; this is what the page shows.
 */
export function canBookNow(
  job: { instant_book?: boolean; status: string; start_time: Date | string },
  application: { status: string; worker_confirmed: boolean | null } | null | undefined,
  missing: readonly BookNowCondition[],
  now: Date,
): boolean {
  const unanswered =
    !application ||
    application.status === 'pending' ||
    (application.status === 'accepted' && application.worker_confirmed === null);
  return (
    job.instant_book === true &&
    job.status === 'open' &&
    new Date(job.start_time).getTime() > now.getTime() &&
    missing.length === 0 &&
    unanswered
  );
}

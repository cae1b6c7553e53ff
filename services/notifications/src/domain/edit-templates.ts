import { formatUsd } from '@brigade/contracts';
import type { EditTemplateName } from './rules';
import { dayAndTime, type EditSide, type Render, type TemplateContext } from './sms-format';

// Issue 35's texts of a posted shift's edit and of a series, English and Spanish. A booked chef reads what changed
// old → new (the times in the restaurant city's time zone, the rate, their pay for the seat) and until when they
// may leave with no mark on their record; the restaurant hears that its change was not saved (the card was
// declined, or the bank asks it to confirm), was not made (the shift had closed: the charge is refunded), that a
// chef left after it (the seat is open again), or that an occurrence of its series needs paying in the app.

const LOCALE = { en: 'en-US', es: 'es-US' } as const;

/** The local calendar day of an instant, to tell whether the new times fall on the old day. */
function localDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

const clock = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * A shift's start and end as the other texts write times: `Fri, Mar 6, 1:00 PM–7:00 PM` (an end past midnight
 * reads `8:00 PM–2:00 AM`); without its day (`3:00 PM–9:00 PM`) when the day is the one just written.
 */
function span(side: EditSide, timeZone: string, locale: string, withDay: boolean): string {
  const start = withDay
    ? dayAndTime(side.start_time, timeZone, locale)
    : clock(side.start_time, timeZone, locale);
  return `${start}–${clock(side.end_time, timeZone, locale)}`;
}

/** `old → new` when a term changed, else the term once. */
const change = (before: string, after: string) => (before === after ? after : `${before} → ${after}`);

/**
 * What an edit changed for a booked chef, each term old → new (a term that did not change is written once):
 * the times, the rate, the pay for their seat. Without the terms (a text queued without them), the shift as it is.
 */
function edited(c: TemplateContext, language: 'en' | 'es', when: string, rate: string): string {
  const perHour = language === 'es' ? '/hora' : '/hr';
  const yourPay = language === 'es' ? 'tu pago' : 'your pay';
  if (!c.edit) {
    const terms = [
      when,
      rate ? `${rate}${perHour}` : '',
      c.chef_pay_cents != null ? `${yourPay} ${formatUsd(c.chef_pay_cents)}` : '',
    ];
    return terms.filter(Boolean).join('; ');
  }
  const { before, after } = c.edit;
  const locale = LOCALE[language];
  const sameDay = localDay(before.start_time, c.timeZone) === localDay(after.start_time, c.timeZone);
  const times = change(span(before, c.timeZone, locale, true), span(after, c.timeZone, locale, true));
  return [
    times.includes('→') && sameDay
      ? `${span(before, c.timeZone, locale, true)} → ${span(after, c.timeZone, locale, false)}`
      : times,
    change(
      `${formatUsd(before.hourly_rate_cents)}${perHour}`,
      `${formatUsd(after.hourly_rate_cents)}${perHour}`,
    ),
    `${yourPay} ${change(formatUsd(before.pay_cents), formatUsd(after.pay_cents))}`,
  ].join('; ');
}

export const editTextsEn: Record<EditTemplateName, Render> = {
  job_edited_chef: (c, f) =>
    `Brigade: ${f.restaurant} changed ${f.title}: ${edited(c, 'en', f.when, f.rate)}. Keep it or leave with no mark${f.deadline ? ` by ${f.deadline}` : ''}: ${c.url}/jobs/${c.job_id}`,
  edit_charge_failed_restaurant: (c, f) =>
    `Brigade: your change to ${f.shift} was not saved because ${c.requires_authentication ? 'your bank asks you to confirm the payment' : 'your card was declined'}${c.amount_cents ? ` (${f.usd(c.amount_cents)})` : ''}. The shift keeps its terms: ${c.url}/jobs/${c.job_id}`,
  edit_declined_restaurant: (c, f) =>
    `Brigade: ${f.chef} left ${f.shift} after your change, with no mark on their record. The seat is open again: ${c.url}/jobs/${c.job_id}`,
  edit_dropped_restaurant: (c, f) =>
    `Brigade: your change to ${f.shift} was not made: the shift had closed.${c.amount_cents ? ` The ${f.usd(c.amount_cents)} charged for it is refunded to your card.` : ''} See the shift: ${c.url}/jobs/${c.job_id}`,
  occurrence_payment_needed_restaurant: (c, f) =>
    `Brigade: Payment needed: ${f.shift} could not be charged to your card on file${c.total_cents != null ? ` (${f.usd(c.total_cents)})` : ''}. Pay it in the app: ${c.url}/jobs/${c.job_id}`,
};

export const editTextsEs: Record<EditTemplateName, Render> = {
  job_edited_chef: (c, f) =>
    `Brigade: ${f.restaurant} cambió ${f.titled ? `el turno${f.titled}` : 'tu turno'}: ${edited(c, 'es', f.when, f.rate)}. Quédatelo o déjalo sin marca en tu historial${f.deadline ? ` antes del ${f.deadline}` : ''}: ${c.url}/jobs/${c.job_id}`,
  edit_charge_failed_restaurant: (c, f) =>
    `Brigade: tu cambio en ${f.shift} no se guardó porque ${c.requires_authentication ? 'tu banco pide que confirmes el pago' : 'tu tarjeta fue rechazada'}${c.amount_cents ? ` (${f.usd(c.amount_cents)})` : ''}. El turno sigue como estaba: ${c.url}/jobs/${c.job_id}`,
  edit_declined_restaurant: (c, f) =>
    `Brigade: ${f.chef} dejó ${f.shift} tras tu cambio, sin marca en su historial. El puesto vuelve a estar abierto: ${c.url}/jobs/${c.job_id}`,
  edit_dropped_restaurant: (c, f) =>
    `Brigade: tu cambio en ${f.shift} no se hizo porque el turno ya estaba cerrado.${c.amount_cents ? ` Los ${f.usd(c.amount_cents)} que se cobraron por él vuelven a tu tarjeta.` : ''} Mira el turno: ${c.url}/jobs/${c.job_id}`,
  occurrence_payment_needed_restaurant: (c, f) =>
    `Brigade: Pago pendiente: no pudimos cobrar ${f.shift} a tu tarjeta guardada${c.total_cents != null ? ` (${f.usd(c.total_cents)})` : ''}. Págalo en la app: ${c.url}/jobs/${c.job_id}`,
};

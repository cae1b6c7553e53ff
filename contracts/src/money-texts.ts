import type { Language } from './constants';
import { formatUsd } from './money';
import type { MoneyFacts, MoneyOutcomeKind, MoneySide } from './money-facts';

// The outcomes and facts these texts are written for (money-facts.ts), one import for every reader.
export * from './money-facts';

/**
 * What a shift's money did, as data: one outcome per job, named from the same facts that moved the money (the
 * job's money decision in payments, `decisions`: release, refund or split with its reason, and whether the
 * ledger has every movement of it yet), with one text per outcome and side in English and Spanish. Every
 * screen, receipt, earnings row and text message that says what happened to the money reads it here; nothing
 * phrases money from assumptions of its own.
 */

type Phrase = string | { moving: string; done: string };

/**
 * One sentence per outcome and side (with its on-its-way and done forms where money moves). Placeholders:
 * {chef_pay}, {fee}, {refund}, {total}, {shift_pay}, filled with money already formatted.
 */
export const MONEY_TEXTS = {
  en: {
    held: {
      chef: 'Money held: your {chef_pay} is paid out once the shift is confirmed at checkout.',
      restaurant: 'Money held: your {total} stays held until the shift is confirmed at checkout.',
    },
    under_review: {
      chef: 'Under review: the two checkouts disagree, so the {chef_pay} shift pay stays held until a Brigade operator decides.',
      restaurant:
        'Under review: the two checkouts disagree, so your {total} stays held until a Brigade operator decides.',
    },
    paid_in_full: {
      chef: {
        moving: 'Paid in full: your {chef_pay} is on its way to you.',
        done: 'Paid in full: {chef_pay} was paid out to you.',
      },
      restaurant: {
        moving:
          'Paid in full: {chef_pay} is on its way to the chef, and Brigade keeps the {fee} booking fee.',
        done: 'Paid in full: the chef was paid {chef_pay}, and Brigade kept the {fee} booking fee.',
      },
    },
    refunded: {
      chef: {
        moving:
          'Refunded: the whole {refund} is going back to the restaurant, so this shift pays you nothing.',
        done: 'Refunded: the whole {refund} went back to the restaurant, so this shift pays you nothing.',
      },
      restaurant: {
        moving: 'Refunded: the whole {refund} is on its way back to your card.',
        done: 'Refunded: the whole {refund} went back to your card.',
      },
    },
    late_cancellation_pay: {
      chef: {
        moving: 'Late-cancellation pay: your {chef_pay} is on its way to you.',
        done: 'Late-cancellation pay: {chef_pay} was paid out to you.',
      },
      restaurant: {
        moving:
          'Late-cancellation pay: the chef gets {chef_pay}, Brigade keeps {fee}, and {refund} is on its way back to your card.',
        done: 'Late-cancellation pay: the chef was paid {chef_pay}, Brigade kept {fee}, and {refund} went back to your card.',
      },
    },
    split_by_decision: {
      chef: {
        moving:
          'Split by a decision: you get {chef_pay} of the {shift_pay} shift pay; it is on its way to you.',
        done: 'Split by a decision: you were paid {chef_pay} of the {shift_pay} shift pay.',
      },
      restaurant: {
        moving:
          'Split by a decision: the chef gets {chef_pay}, Brigade keeps {fee}, and {refund} is on its way back to your card.',
        done: 'Split by a decision: the chef was paid {chef_pay}, Brigade kept {fee}, and {refund} went back to your card.',
      },
    },
    expired: {
      chef: 'Expired: nobody confirmed the shift before it started, so it pays nothing.',
      restaurant: {
        moving:
          'Expired: nobody confirmed the shift before it started, so the whole {refund} is on its way back to your card.',
        done: 'Expired: nobody confirmed the shift before it started, so the whole {refund} went back to your card.',
      },
    },
    paid_for_hours: {
      chef: {
        moving: 'Paid for the hours worked: your {chef_pay} is on its way to you.',
        done: 'Paid for the hours worked: {chef_pay} was paid out to you.',
      },
      restaurant: {
        moving:
          'Paid for the hours worked: the chef gets {chef_pay}, Brigade keeps {fee}, and the {refund} not worked is on its way back to your card.',
        done: 'Paid for the hours worked: the chef was paid {chef_pay}, Brigade kept {fee}, and the {refund} not worked went back to your card.',
      },
    },
    sent_home_pay: {
      chef: {
        moving: 'Sent home: your {chef_pay} of sent-home pay is on its way to you.',
        done: 'Sent home: {chef_pay} of sent-home pay was paid out to you.',
      },
      restaurant: {
        moving:
          'Sent home: the chef gets {chef_pay}, Brigade keeps {fee}, and {refund} is on its way back to your card.',
        done: 'Sent home: the chef was paid {chef_pay}, Brigade kept {fee}, and {refund} went back to your card.',
      },
    },
  },
  es: {
    held: {
      chef: 'Dinero retenido: tus {chef_pay} se te pagan cuando se confirme el turno al registrar la salida.',
      restaurant:
        'Dinero retenido: tus {total} siguen retenidos hasta que se confirme el turno al registrar la salida.',
    },
    under_review: {
      chef: 'En revisión: las dos respuestas de salida no coinciden, así que el pago del turno de {chef_pay} sigue retenido hasta que decida un operador de Brigade.',
      restaurant:
        'En revisión: las dos respuestas de salida no coinciden, así que tus {total} siguen retenidos hasta que decida un operador de Brigade.',
    },
    paid_in_full: {
      chef: {
        moving: 'Pagado completo: tus {chef_pay} van en camino.',
        done: 'Pagado completo: se te pagaron {chef_pay}.',
      },
      restaurant: {
        moving:
          'Pagado completo: {chef_pay} van en camino al chef y Brigade se queda con la tarifa de reserva de {fee}.',
        done: 'Pagado completo: el chef recibió {chef_pay} y Brigade se quedó con la tarifa de reserva de {fee}.',
      },
    },
    refunded: {
      chef: {
        moving:
          'Reembolsado: los {refund} vuelven completos al restaurante, así que este turno no te paga nada.',
        done: 'Reembolsado: los {refund} volvieron completos al restaurante, así que este turno no te paga nada.',
      },
      restaurant: {
        moving: 'Reembolsado: los {refund} completos van en camino de vuelta a tu tarjeta.',
        done: 'Reembolsado: los {refund} completos volvieron a tu tarjeta.',
      },
    },
    late_cancellation_pay: {
      chef: {
        moving: 'Pago por cancelación tardía: tus {chef_pay} van en camino.',
        done: 'Pago por cancelación tardía: se te pagaron {chef_pay}.',
      },
      restaurant: {
        moving:
          'Pago por cancelación tardía: el chef recibe {chef_pay}, Brigade se queda con {fee} y {refund} van en camino de vuelta a tu tarjeta.',
        done: 'Pago por cancelación tardía: el chef recibió {chef_pay}, Brigade se quedó con {fee} y {refund} volvieron a tu tarjeta.',
      },
    },
    split_by_decision: {
      chef: {
        moving: 'Dividido por una decisión: recibes {chef_pay} de los {shift_pay} del turno; van en camino.',
        done: 'Dividido por una decisión: se te pagaron {chef_pay} de los {shift_pay} del turno.',
      },
      restaurant: {
        moving:
          'Dividido por una decisión: el chef recibe {chef_pay}, Brigade se queda con {fee} y {refund} van en camino de vuelta a tu tarjeta.',
        done: 'Dividido por una decisión: el chef recibió {chef_pay}, Brigade se quedó con {fee} y {refund} volvieron a tu tarjeta.',
      },
    },
    expired: {
      chef: 'Vencido: nadie confirmó el turno antes de que empezara, así que no paga nada.',
      restaurant: {
        moving:
          'Vencido: nadie confirmó el turno antes de que empezara, así que los {refund} completos van en camino de vuelta a tu tarjeta.',
        done: 'Vencido: nadie confirmó el turno antes de que empezara, así que los {refund} completos volvieron a tu tarjeta.',
      },
    },
    paid_for_hours: {
      chef: {
        moving: 'Pagado por las horas trabajadas: tus {chef_pay} van en camino.',
        done: 'Pagado por las horas trabajadas: se te pagaron {chef_pay}.',
      },
      restaurant: {
        moving:
          'Pagado por las horas trabajadas: el chef recibe {chef_pay}, Brigade se queda con {fee} y los {refund} no trabajados van en camino de vuelta a tu tarjeta.',
        done: 'Pagado por las horas trabajadas: el chef recibió {chef_pay}, Brigade se quedó con {fee} y los {refund} no trabajados volvieron a tu tarjeta.',
      },
    },
    sent_home_pay: {
      chef: {
        moving: 'Enviado a casa: tus {chef_pay} de pago por envío a casa van en camino.',
        done: 'Enviado a casa: se te pagaron {chef_pay} de pago por envío a casa.',
      },
      restaurant: {
        moving:
          'Enviado a casa: el chef recibe {chef_pay}, Brigade se queda con {fee} y {refund} van en camino de vuelta a tu tarjeta.',
        done: 'Enviado a casa: el chef recibió {chef_pay}, Brigade se quedó con {fee} y {refund} volvieron a tu tarjeta.',
      },
    },
  },
} as const satisfies Record<Language, Record<MoneyOutcomeKind, Record<MoneySide, Phrase>>>;

/** The outcome's short name (a tag, a receipt's status, a CSV column), the same for both sides. */
export const MONEY_LABELS = {
  en: {
    held: 'Money held',
    under_review: 'Under review: money held',
    paid_in_full: 'Paid in full',
    refunded: 'Refunded',
    late_cancellation_pay: 'Late-cancellation pay',
    split_by_decision: 'Split by a decision',
    expired: 'Expired: refunded',
    paid_for_hours: 'Paid for the hours worked',
    sent_home_pay: 'Sent home: partly refunded',
  },
  es: {
    held: 'Dinero retenido',
    under_review: 'En revisión: dinero retenido',
    paid_in_full: 'Pagado completo',
    refunded: 'Reembolsado',
    late_cancellation_pay: 'Pago por cancelación tardía',
    split_by_decision: 'Dividido por una decisión',
    expired: 'Vencido: reembolsado',
    paid_for_hours: 'Pagado por las horas trabajadas',
    sent_home_pay: 'Enviado a casa: reembolso parcial',
  },
} as const satisfies Record<Language, Record<MoneyOutcomeKind, string>>;

/** Money in cents as a reader reads it (the web passes its own Intl formatter; texts use `$12.34`). */
export type FormatCents = (cents: number) => string;

function fill(text: string, money: MoneyFacts, usd: FormatCents): string {
  const values: Record<string, string> = {
    chef_pay: usd(money.chef_pay_cents),
    fee: usd(money.fee_cents),
    refund: usd(money.refund_cents),
    total: usd(money.total_cents),
    shift_pay: usd(money.shift_pay_cents),
  };
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** What the money did, in one sentence for one side, its figures filled. */
export function moneyText(
  language: Language,
  side: MoneySide,
  money: MoneyFacts,
  usd: FormatCents = formatUsd,
): string {
  const phrase: Phrase = MONEY_TEXTS[language][money.outcome][side];
  const text = typeof phrase === 'string' ? phrase : money.state === 'done' ? phrase.done : phrase.moving;
  return fill(text, money, usd);
}

/** The outcome's short name in a language. */
export function moneyLabel(language: Language, outcome: MoneyOutcomeKind): string {
  return MONEY_LABELS[language][outcome];
}

/**
 * What a side reads right after it checked out, given the answers so far: waiting for the other side (and what
 * its own answer means for the money), or, once both answered, the outcome's own sentence.
 */
export const CHECKOUT_TEXTS = {
  en: {
    recorded: 'Checkout recorded.',
    waiting_chef_worked:
      "Waiting for the restaurant's checkout: the {chef_pay} shift pay stays held until then.",
    waiting_chef_not_worked:
      'You said you did not work. If the restaurant agrees, it gets its {total} back; if not, the shift goes to review. The money stays held until then.',
    waiting_restaurant_worked: "Waiting for the chef's checkout: your {total} stays held until then.",
    waiting_restaurant_not_worked:
      'You said the shift was not worked. If the chef agrees, your {total} comes back to your card; if not, the shift goes to review. The money stays held until then.',
  },
  es: {
    recorded: 'Salida registrada.',
    waiting_chef_worked:
      'Falta que el restaurante registre la salida: el pago del turno de {chef_pay} sigue retenido hasta entonces.',
    waiting_chef_not_worked:
      'Dijiste que no trabajaste. Si el restaurante está de acuerdo, recupera sus {total}; si no, el turno pasa a revisión. El dinero sigue retenido hasta entonces.',
    waiting_restaurant_worked:
      'Falta que el chef registre la salida: tus {total} siguen retenidos hasta entonces.',
    waiting_restaurant_not_worked:
      'Dijiste que el turno no se trabajó. Si el chef está de acuerdo, tus {total} vuelven a tu tarjeta; si no, el turno pasa a revisión. El dinero sigue retenido hasta entonces.',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** A side's checkout, as the answer to it and the page after it say it. */
export interface CheckoutAnswerFacts {
  /** The job's money after this checkout. */
  money: MoneyFacts;
  /** The side whose answer is still awaited; null once both answered. */
  waiting_for: MoneySide | null;
  /** This side's own answer: worked or not. */
  work_completed: boolean;
}

/** The sentence after a side's checkout: recorded, then what happens to the money given the answers so far. */
export function checkoutAnswerText(
  language: Language,
  side: MoneySide,
  answer: CheckoutAnswerFacts,
  usd: FormatCents = formatUsd,
): string {
  const texts = CHECKOUT_TEXTS[language];
  const next =
    answer.waiting_for === null
      ? moneyText(language, side, answer.money, usd)
      : fill(texts[`waiting_${side}_${answer.work_completed ? 'worked' : 'not_worked'}`], answer.money, usd);
  return `${texts.recorded} ${next}`;
}

// Card errors, from the sandbox card form, Stripe.js or the payments service, as the spec's friendly texts
// (section 8). Codes the spec names map to a text of ours (payments namespace, `card.errors.*`); any other card
// error keeps the provider's own message.

export interface CardError {
  type?: string | null;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
}

/** Either a text key in the payments namespace or the provider's own message. */
export type CardErrorText = { key: string } | { text: string };

const OWN_TEXT = new Set([
  'incomplete_number',
  'incomplete_cvc',
  'incomplete_expiry',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_cvc',
  'not_loaded',
]);

export function cardErrorText(error: CardError | null | undefined): CardErrorText {
  const code = error?.code ?? null;
  const decline = error?.decline_code ?? null;
  if (decline === 'insufficient_funds') return { key: 'card.errors.insufficient_funds' };
  if (code === 'expired_card' || decline === 'expired_card') return { key: 'card.errors.expired_card' };
  // A real card number used against Stripe's test mode.
  if (code === 'card_declined' && (decline === 'test_mode_live_card' || decline === 'live_mode_test_card'))
    return { key: 'card.errors.card_declined_test_mode' };
  if (code === 'card_declined') return { key: 'card.errors.card_declined' };
  if (code === 'incorrect_number') return { key: 'card.errors.invalid_number' };
  if (code === 'invalid_expiry_year_past') return { key: 'card.errors.invalid_expiry_year' };
  if (code && OWN_TEXT.has(code)) return { key: `card.errors.${code}` };
  if (error?.message) return { text: error.message };
  return { key: 'card.errors.generic' };
}

const digits = (value: string) => value.replace(/\D/g, '');

/** Luhn checksum, as card networks (and the sandbox) check numbers. */
export function luhnValid(number: string): boolean {
  const d = digits(number);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

export interface SandboxCard {
  number: string;
  /** MM/YY as typed ("12 / 29", "1229"...). */
  expiry: string;
  cvc: string;
}

export interface ParsedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * The checks Stripe's card field makes before anything is sent: a missing or short part is "incomplete",
 * a wrong one "invalid". Returns the parsed card or the error code.
 */
export function checkSandboxCard(
  card: SandboxCard,
  now = new Date(),
): { card: ParsedCard } | { error: CardError } {
  const number = digits(card.number);
  const expected = /^3[47]/.test(number) ? 15 : 16;
  if (number.length < expected) return { error: { code: 'incomplete_number' } };
  if (number.length > 19 || !luhnValid(number)) return { error: { code: 'invalid_number' } };
  const exp = digits(card.expiry);
  if (exp.length < 4) return { error: { code: 'incomplete_expiry' } };
  const expMonth = Number(exp.slice(0, 2));
  const expYear = 2000 + Number(exp.slice(2, 4));
  if (exp.length > 4) return { error: { code: 'invalid_expiry_year' } };
  if (expMonth < 1 || expMonth > 12) return { error: { code: 'invalid_expiry_month' } };
  const year = now.getFullYear();
  if (expYear < year || (expYear === year && expMonth < now.getMonth() + 1) || expYear > year + 50)
    return { error: { code: 'invalid_expiry_year' } };
  const cvc = digits(card.cvc);
  if (cvc.length < 3) return { error: { code: 'incomplete_cvc' } };
  if (cvc.length > 4 || cvc.length !== card.cvc.trim().length) return { error: { code: 'invalid_cvc' } };
  return { card: { number, expMonth, expYear, cvc } };
}

/** "4242424242424242" -> "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1229" -> "12 / 29" while typing. */
export function formatExpiry(value: string): string {
  const d = digits(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/**
 * Stripe's documented test cards and test PaymentMethod ids that Brigade relies on. Anything else is an
 * unusable card (invalid number) or, for an unknown pm_ id, a missing resource.
 */
export interface TestCard {
  number: string;
  brand: string;
  last4: string;
  outcome: 'succeeded' | { code: string; decline_code?: string; message: string };
}

const DECLINED = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const INSUFFICIENT = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const EXPIRED = { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' };

const CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', last4: '4242', outcome: 'succeeded' },
  { number: '5555555555554444', brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  { number: '4000000000000077', brand: 'visa', last4: '0077', outcome: 'succeeded' },
  { number: '4000000000000002', brand: 'visa', last4: '0002', outcome: DECLINED },
  { number: '4000000000009995', brand: 'visa', last4: '9995', outcome: INSUFFICIENT },
  { number: '4000000000000069', brand: 'visa', last4: '0069', outcome: EXPIRED },
];

export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_bypassPending: '4000000000000077',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

export function cardByNumber(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return CARDS.find((c) => c.number === digits);
}

/** Luhn check: a number that fails it is `incorrect_number`, as with Stripe. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Stripe's documented test cards and test PaymentMethod ids that Brigade relies on. Anything else is an
 * unusable card (invalid number) or, for an unknown pm_ id, a missing resource.
 */
export interface TestCard {
  number: string;
  brand: string;
  last4: string;
  outcome: CardOutcome;
  /**
   * Saving the card (SetupIntent confirm) when it differs from the charge's outcome: a declining card is
   * refused at setup too, except the one Stripe documents as attaching fine and failing when charged.
   */
  setup?: CardOutcome;
  /** A charge off-session (the customer not present) when it differs: 3-D Secure cards need the customer. */
  offSession?: CardOutcome;
  /** Issue 38: the charge succeeds, then its holder disputes it (emulator-disputes.ts opens the dispute). */
  disputed?: true;
}

export type CardOutcome = 'succeeded' | { code: string; decline_code?: string; message: string };

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
const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
const EXPIRED = { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' };

const CARDS: TestCard[] = [
  { number: '4242424242424242', brand: 'visa', last4: '4242', outcome: 'succeeded' },
  { number: '5555555555554444', brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  { number: '4000000000000077', brand: 'visa', last4: '0077', outcome: 'succeeded' },
  { number: '4000000000000002', brand: 'visa', last4: '0002', outcome: DECLINED },
  { number: '4000000000009995', brand: 'visa', last4: '9995', outcome: INSUFFICIENT },
  { number: '4000000000000069', brand: 'visa', last4: '0069', outcome: EXPIRED },
  // Attaches to a Customer (setup succeeds); every charge of it is declined.
  { number: '4000000000000341', brand: 'visa', last4: '0341', outcome: DECLINED, setup: 'succeeded' },
  // 3-D Secure on every transaction: the sandbox has no challenge page, so a payment or setup with the customer
  // present passes (as if authenticated); a charge off-session is declined with authentication_required.
  {
    number: '4000002760003184',
    brand: 'visa',
    last4: '3184',
    outcome: 'succeeded',
    offSession: AUTHENTICATION_REQUIRED,
  },
  // Issue 38: the charge succeeds, then a dispute is opened on it (fraudulent).
  { number: '4000000000000259', brand: 'visa', last4: '0259', outcome: 'succeeded', disputed: true },
];

export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_bypassPending: '4000000000000077',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_createDispute: '4000000000000259',
};

const GENERIC_DECLINE = DECLINED;

/** What a charge of this card does (on-session unless `offSession`); an unknown number is a generic decline. */
export function chargeOutcome(card: TestCard | undefined, offSession = false): CardOutcome {
  if (!card) return GENERIC_DECLINE;
  return (offSession ? card.offSession : undefined) ?? card.outcome;
}

/** What saving this card for later (SetupIntent confirm) does. */
export function setupOutcome(card: TestCard | undefined): CardOutcome {
  if (!card) return GENERIC_DECLINE;
  return card.setup ?? card.outcome;
}

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

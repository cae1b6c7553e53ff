import { cardErrorText, checkSandboxCard, formatCardNumber, formatExpiry, luhnValid } from './cardErrors';

const now = new Date(2026, 5, 15);

describe('card errors as the spec words them', () => {
  test.each([
    [{ code: 'card_declined', decline_code: 'generic_decline' }, 'card.errors.card_declined'],
    [{ code: 'card_declined', decline_code: 'insufficient_funds' }, 'card.errors.insufficient_funds'],
    [{ code: 'expired_card', decline_code: 'expired_card' }, 'card.errors.expired_card'],
    [{ code: 'card_declined', decline_code: 'test_mode_live_card' }, 'card.errors.card_declined_test_mode'],
    [{ code: 'incorrect_number' }, 'card.errors.invalid_number'],
    [{ code: 'incomplete_number' }, 'card.errors.incomplete_number'],
    [{ code: 'incomplete_cvc' }, 'card.errors.incomplete_cvc'],
    [{ code: 'incomplete_expiry' }, 'card.errors.incomplete_expiry'],
    [{ code: 'invalid_expiry_month' }, 'card.errors.invalid_expiry_month'],
    [{ code: 'invalid_expiry_year' }, 'card.errors.invalid_expiry_year'],
    [{ code: 'invalid_expiry_year_past' }, 'card.errors.invalid_expiry_year'],
    [{ code: 'invalid_cvc' }, 'card.errors.invalid_cvc'],
    [{ code: 'not_loaded' }, 'card.errors.not_loaded'],
    [null, 'card.errors.generic'],
  ])('%j shows %s', (error, key) => {
    expect(cardErrorText(error)).toEqual({ key });
  });

  test('any other card error keeps the provider’s own message', () => {
    expect(
      cardErrorText({ code: 'processing_error', message: 'An error occurred while processing your card.' }),
    ).toEqual({
      text: 'An error occurred while processing your card.',
    });
  });
});

describe('the sandbox card form checks a card as Stripe’s field does', () => {
  const ok = { number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' };
  test('a complete test card passes, parsed for the confirm call', () => {
    expect(checkSandboxCard(ok, now)).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2029, cvc: '123' },
    });
  });
  test.each([
    [{ ...ok, number: '4242 4242 4242' }, 'incomplete_number'],
    [{ ...ok, number: '4242 4242 4242 4241' }, 'invalid_number'],
    [{ ...ok, expiry: '12' }, 'incomplete_expiry'],
    [{ ...ok, expiry: '13 / 29' }, 'invalid_expiry_month'],
    [{ ...ok, expiry: '01 / 25' }, 'invalid_expiry_year'],
    [{ ...ok, cvc: '12' }, 'incomplete_cvc'],
  ])('%j is %s', (card, code) => {
    expect(checkSandboxCard(card, now)).toEqual({ error: { code } });
  });
  test('numbers and dates are formatted while typing', () => {
    expect(formatCardNumber('4000000000000002')).toBe('4000 0000 0000 0002');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(luhnValid('4000000000009995')).toBe(true);
  });
});

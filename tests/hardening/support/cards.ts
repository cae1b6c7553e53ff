import { expectStatus, type Account, type Api } from './stack';

/** A card the sandbox (and Stripe's test mode) attaches to a Customer and then declines on every charge. */
export const DECLINING_CARD = '4000000000000341';
export const VISA_CARD = '4242424242424242';
/** Issue 38: Stripe's test card whose holder disputes the charge once it succeeds (a chargeback, `fraudulent`). */
export const DISPUTED_CARD = 'pm_card_createDispute';

/**
 * The restaurant saves a card in the card form (a SetupIntent confirmed at the sandbox, as Stripe Elements
 * does) and payments records it: the card on file that off-session charges use.
 */
export async function saveCard(stack: Api, restaurant: Account, number: string = VISA_CARD) {
  const setup = expectStatus(
    await stack.call('POST', '/api/payments/saved-card/setup', { token: restaurant.token }),
    200,
  ).body;
  const id = setup.client_secret.slice(0, setup.client_secret.indexOf('_secret_'));
  expectStatus(
    await stack.call('POST', `/sandbox/stripe/v1/setup_intents/${id}/confirm`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({
        client_secret: setup.client_secret,
        'card[number]': number,
        'card[exp_month]': '11',
        'card[exp_year]': '2033',
        'card[cvc]': '123',
      }).toString(),
    }),
    200,
  );
  expectStatus(
    await stack.call('POST', '/api/payments/saved-card/confirm', {
      token: restaurant.token,
      body: { setup_intent_id: setup.setup_intent_id },
    }),
    200,
  );
}

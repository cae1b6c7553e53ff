// The card form of the pay screens in the sandbox (no publishable key): typing a card, and the Stripe sandbox's
// confirm answering a decline for 4000000000009995 (insufficient funds) as Stripe would.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeReply } from './fake-api';
import { formBody } from './form-body';

export const INSUFFICIENT_FUNDS_CARD = '4000000000009995';

/** POST .../payment_intents/{id}/confirm: the insufficient-funds card is declined (402), any other is `ok()`. */
export function sandboxConfirm(ok: () => FakeReply) {
  fakeApi.on('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm', (call) =>
    formBody(call.body)['card[number]'] === INSUFFICIENT_FUNDS_CARD
      ? {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          },
        }
      : ok(),
  );
}

/** Types a card into the sandbox card form (number replaced; expiry 12/30 and CVC 123 once). */
export async function enterCard(
  number: string,
  labels = { number: 'Card number', expiry: 'Expiry (MM / YY)' },
) {
  const field = await screen.findByLabelText(labels.number);
  await userEvent.clear(field);
  await userEvent.type(field, number);
  const expiry = screen.getByLabelText(labels.expiry);
  if ((expiry as HTMLInputElement).value) return;
  await userEvent.type(expiry, '1230');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

/** POST /payments/create-escrow-payment's answer for a 5-hour shift at $20 ($107.00), with `extra` fields. */
export function escrowPayment(extra: Record<string, unknown> = {}) {
  return {
    client_secret: 'pi_9_secret_x',
    payment_intent_id: 'pi_9',
    amount_cents: 10_700,
    subtotal_cents: 10_000,
    fee_cents: 700,
    currency: 'usd',
    ...extra,
  };
}

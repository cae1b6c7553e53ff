// Issue 38: a restaurant's lost card disputes. Home and the Post Shift page say it owes $X and cannot post until
// it pays it back; /card-disputes pays it with the card field (the sandbox card form here), as /balances does.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { enterCard, sandboxConfirm } from '../../../test/card';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';

const DISPUTE = {
  id: 'dp_1Lost',
  job_id: '0b000000-0000-4000-8000-000000000001',
  job_title: 'Line Cook',
  amount_cents: 9_630,
  status: 'lost',
  settled_at: null as string | null,
};

/** GET /payments/card-disputes answering the lost dispute until it is settled; POST .../settle settles it. */
function disputesRoutes() {
  const state = { settled: false };
  fakeApi.on('GET', '/payments/card-disputes', () => ({
    body: {
      total_owed_cents: state.settled ? 0 : DISPUTE.amount_cents,
      card_disputes: [{ ...DISPUTE, settled_at: state.settled ? '2026-11-30T12:00:00.000Z' : null }],
    },
  }));
  fakeApi.on('POST', '/payments/card-disputes/:id/settle', (call) => {
    const method = (call.body as { paymentMethodId?: string } | null)?.paymentMethodId;
    if (method) state.settled = true;
    return {
      body: {
        id: DISPUTE.id,
        client_secret: method ? null : 'pi_d1_secret_b',
        payment_intent_id: 'pi_d1',
        amount_cents: DISPUTE.amount_cents,
        currency: 'usd',
        payment_status: method ? 'settled' : 'requires_payment_method',
      },
    };
  });
  return state;
}

test('Home says the restaurant owes a lost card dispute and cannot post; the page pays it back with a card', async () => {
  signedIn('restaurant');
  disputesRoutes();
  sandboxConfirm(() => ({ body: { id: 'pi_d1', status: 'succeeded', payment_method: 'pm_42' } }));
  const { router } = renderApp('/dashboard/restaurant');
  const notice = await screen.findByTestId('card-dispute-notice');
  expect(notice.textContent).toBe(
    'A card dispute on one of your shifts was lost: you owe $96.30 and cannot post shifts until you pay it back. Pay it back',
  );
  await userEvent.click(within(notice).getByRole('link', { name: 'Pay it back' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Card disputes' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/card-disputes');
  expect((await screen.findByTestId('card-dispute-total')).textContent).toBe('$96.30');
  const row = screen.getByTestId('card-dispute-row');
  // the first button only shows the amount: nothing is asked of payments yet
  await userEvent.click(within(row).getByRole('button', { name: 'Pay back $96.30' }));
  expect(within(row).getByText('You pay back $96.30 for Line Cook.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/payments/card-disputes/${DISPUTE.id}/settle`)).toHaveLength(0);
  await enterCard('4242424242424242');
  await userEvent.click(within(row).getByRole('button', { name: 'Confirm payment of $96.30' }));
  expect(await screen.findByText('Paid back $96.30. You can post shifts again.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/payments/card-disputes/${DISPUTE.id}/settle`).map((c) => c.body)).toEqual([
    {},
    { paymentMethodId: 'pm_42' },
  ]);
  expect(await screen.findByTestId('card-dispute-settled')).toBeTruthy();
});

test('in Spanish, on the Post Shift page', async () => {
  signedIn('restaurant', { language: 'es' });
  disputesRoutes();
  renderApp('/jobs/post');
  expect((await screen.findByTestId('card-dispute-notice')).textContent).toBe(
    'Se perdió un contracargo en uno de tus turnos: debes $96.30 y no puedes publicar turnos hasta devolverlo. Devolverlo',
  );
});

test('nothing owed: no notice', async () => {
  signedIn('restaurant');
  fakeApi.on('GET', '/payments/card-disputes', { body: { total_owed_cents: 0, card_disputes: [] } });
  renderApp('/dashboard/restaurant');
  expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  expect(screen.queryByTestId('card-dispute-notice')).toBeNull();
});

test("a shift's page shows its payment's card dispute to the restaurant, in Spanish too", async () => {
  const { user } = signedIn('restaurant', { language: 'es' });
  const job = makeJob({ restaurant_id: user.id, status: 'open', payment_status: 'held_in_escrow' });
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', '/payments/job/:id', {
    body: { job_id: job.id, card_dispute: { id: 'dp_1', status: 'needs_response', amount_cents: 10_700 } },
  });
  renderApp(`/jobs/${job.id}`);
  expect((await screen.findByTestId('job-card-dispute')).textContent).toBe(
    'Contracargo El banco de la tarjeta está revisando una disputa de $107.00; Brigade responde con los registros del turno.',
  );
});

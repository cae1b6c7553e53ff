import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterCard, escrowPayment, INSUFFICIENT_FUNDS_CARD, sandboxConfirm } from '../../../test/card';
import { fakeApi } from '../../../test/fake-api';
import { formBody } from '../../../test/form-body';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';

describe('pay for job', () => {
  test('a failed job can be paid again: insufficient funds first, then Payment Successful!', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'payment_failed', payment_status: 'failed' });
    let status = 'payment_failed';
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status } } }));
    fakeApi.on('POST', '/payments/create-escrow-payment', {
      body: { client_secret: 'pi_9_secret_x', payment_intent_id: 'pi_9', amount_cents: 10_700 },
    });
    sandboxConfirm(() => ((status = 'open'), { body: { id: 'pi_9', status: 'succeeded' } }));
    const { router } = renderApp(`/payments/${job.id}`);
    await screen.findByRole('heading', { name: 'Pay for Shift' });
    expect(screen.getByText('The last payment for this shift failed. You can pay again below.')).toBeTruthy();
    expect(screen.getByTestId('pay-total').textContent).toBe('$107.00');
    await enterCard(INSUFFICIENT_FUNDS_CARD);
    await userEvent.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card has insufficient funds. Please use a different card.',
    );
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    expect(
      formBody(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/pi_9/confirm')[0].body),
    ).toMatchObject({
      client_secret: 'pi_9_secret_x',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      receipt_email: user.email,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shifts'), { timeout: 5000 });
  });

  test('before paying it says the card is kept for extra hours; the answer that keeps it says so again (issue 34)', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'pending_payment', payment_status: 'pending' });
    let status = 'pending_payment';
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status } } }));
    fakeApi.on('POST', '/payments/create-escrow-payment', {
      body: escrowPayment({ card_kept_for_extra_hours: true }),
    });
    sandboxConfirm(() => ((status = 'open'), { body: { id: 'pi_9', status: 'succeeded' } }));
    renderApp(`/payments/${job.id}`);
    expect((await screen.findByTestId('card-kept-note')).textContent).toBe(
      "Your card is kept on file to charge the extra hours you approve when a chef works past the shift's end.",
    );
    expect(fakeApi.callsTo('POST', '/payments/create-escrow-payment')).toHaveLength(0);
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    expect(screen.getByTestId('card-kept').textContent).toBe(
      'Your card is kept to charge the extra hours you approve.',
    );
  });

  test('in Spanish, the card kept for extra hours', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const job = makeJob({ restaurant_id: user.id, status: 'pending_payment', payment_status: 'pending' });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/payments/${job.id}`);
    expect((await screen.findByTestId('card-kept-note')).textContent).toBe(
      'Guardamos tu tarjeta para cobrar las horas extra que apruebes cuando un chef trabaje después del fin del turno.',
    );
  });

  test('a job that cannot be loaded is Shift Not Found', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/jobs/:id', {
      status: 404,
      body: { error: 'Job not found', code: 'JOBS.JOB_NOT_FOUND' },
    });
    renderApp(`/payments/${id()}`);
    await screen.findByRole('heading', { name: 'Shift Not Found' });
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});

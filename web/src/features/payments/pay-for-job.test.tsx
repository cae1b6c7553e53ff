import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    fakeApi.on('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm', (call) =>
      formBody(call.body)['card[number]'] === '4000000000009995'
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
        : ((status = 'open'), { body: { id: 'pi_9', status: 'succeeded' } }),
    );
    const { router } = renderApp(`/payments/${job.id}`);
    await screen.findByRole('heading', { name: 'Pay for Shift' });
    expect(screen.getByText('The last payment for this shift failed. You can pay again below.')).toBeTruthy();
    expect(screen.getByTestId('pay-total').textContent).toBe('$107.00');
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000009995');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card has insufficient funds. Please use a different card.',
    );
    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
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

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeApplication, makeJob, signedIn } from '../../../test/signed-in';

// The pay screen of an application (/payments/checkout/{applicationId}) opens /payments/confirm with the spec's
// navigation state; the card confirms the PaymentIntent and POST /applications/{id}/confirm-payment decides.
describe('confirm payment', () => {
  const payable = (paymentStatus: string) => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'pending_payment', payment_status: 'pending' });
    const app = makeApplication(job, 'pending', null);
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/payments/create-escrow-payment', {
      body: { client_secret: 'pi_7_secret_x', payment_intent_id: 'pi_7', amount_cents: 10_700 },
    });
    fakeApi.on('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm', {
      body: { id: 'pi_7', status: 'succeeded', payment_method: 'pm_42' },
    });
    fakeApi.on('POST', '/applications/:id/confirm-payment', { body: { paymentStatus } });
    return { app, job };
  };
  const payWithCard = async () => {
    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Payment' }));
  };

  test('the application pay screen confirms through confirm-payment and succeeds on held_in_escrow', async () => {
    const { app } = payable('held_in_escrow');
    const { router } = renderApp(`/payments/checkout/${app.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/confirm'));
    expect(router.state.location.state).toEqual({
      clientSecret: 'pi_7_secret_x',
      amount: 10_700,
      applicationId: app.id,
      jobTitle: 'Line Cook',
    });
    expect(await screen.findByText('$107.00')).toBeTruthy();
    await payWithCard();
    await screen.findByRole('heading', { name: 'Payment Confirmed!' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/confirm-payment`)[0].body).toEqual({
      paymentMethodId: 'pm_42',
    });
  });

  test('any other paymentStatus is "Payment confirmation failed. Please try again."', async () => {
    const { app } = payable('requires_action');
    renderApp(`/payments/checkout/${app.id}`);
    await payWithCard();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Payment confirmation failed. Please try again.',
    );
    expect(screen.queryByRole('heading', { name: 'Payment Confirmed!' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterCard, escrowPayment } from '../../../test/card';
import { fakeApi } from '../../../test/fake-api';
import { formBody } from '../../../test/form-body';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';
import { toLocalInput } from '../jobs/validation';

const VISA = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };

describe("a restaurant's saved card", () => {
  test('Payment Setup saves a card through a SetupIntent, shows brand and last 4, and removes it; no tax ID is asked', async () => {
    signedIn('restaurant');
    let card: typeof VISA | null = null;
    fakeApi.on('GET', '/payments/saved-card', () => ({ body: { card } }));
    fakeApi.on('POST', '/payments/saved-card/setup', {
      body: { client_secret: 'seti_7_secret_x', setup_intent_id: 'seti_7' },
    });
    fakeApi.on('POST', '/sandbox/stripe/v1/setup_intents/:id/confirm', (call) =>
      formBody(call.body)['card[number]'] === '4000000000000002'
        ? {
            status: 402,
            body: {
              error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
            },
          }
        : { body: { id: 'seti_7', status: 'succeeded' } },
    );
    fakeApi.on('POST', '/payments/saved-card/confirm', () => {
      card = VISA;
      return { body: { card } };
    });
    fakeApi.on('DELETE', '/payments/saved-card', () => {
      card = null;
      return { body: { card } };
    });

    renderApp('/payments/stripe/onboarding');
    await screen.findByRole('heading', { name: 'Saved card' });
    await screen.findByText('No card saved yet.');
    expect(screen.queryByText(/SSN|EIN|tax ID/i)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await enterCard('4000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card was declined. Please check your card details or try a different card.',
    );
    expect(fakeApi.callsTo('POST', '/payments/saved-card/confirm')).toHaveLength(0);

    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect((await screen.findByTestId('saved-card')).textContent).toBe('Visa •••• 4242 expires 12/30');
    expect(screen.getByRole('status').textContent).toBe('Card saved. Your shifts can now be paid with it.');
    expect(
      formBody(fakeApi.callsTo('POST', '/sandbox/stripe/v1/setup_intents/seti_7/confirm').at(-1)!.body),
    ).toMatchObject({ client_secret: 'seti_7_secret_x', 'card[number]': '4242424242424242' });
    expect(fakeApi.callsTo('POST', '/payments/saved-card/confirm')[0].body).toEqual({
      setup_intent_id: 'seti_7',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    await screen.findByText('No card saved yet.');
    expect(fakeApi.callsTo('DELETE', '/payments/saved-card')).toHaveLength(1);
  });

  test("the restaurant dashboard's payment card shows the saved card and no payout setup", async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/payments/saved-card', { body: { card: VISA } });
    renderApp('/dashboard/restaurant');
    const card = (await screen.findByRole('heading', { name: 'Saved card' })).closest('section')!;
    expect(
      within(card as HTMLElement).getByText('Visa •••• 4242 pays for the shifts you post.'),
    ).toBeTruthy();
    expect(within(card as HTMLElement).getByRole('link', { name: 'Manage card' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up payments' })).toBeNull();
  });

  test('the pay screen offers "Pay with Visa •••• 4242" and keeps "Use another card"', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'pending_payment', payment_status: 'pending' });
    let status = 'pending_payment';
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status } } }));
    fakeApi.on('GET', '/payments/saved-card', { body: { card: VISA } });
    fakeApi.on('POST', '/payments/create-escrow-payment', (call) => {
      const body = call.body as { use_saved_card?: boolean };
      if (body.use_saved_card) status = 'open';
      return { body: escrowPayment(body.use_saved_card ? { payment_status: 'held_in_escrow' } : {}) };
    });
    renderApp(`/payments/${job.id}`);
    await screen.findByRole('heading', { name: 'Pay for Shift' });
    expect((await screen.findByTestId('saved-card')).textContent).toBe(
      'Paying with your saved card, Visa •••• 4242.',
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Use another card' }));
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $107.00' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use my saved card (Visa •••• 4242)' }));

    await userEvent.click(screen.getByRole('button', { name: 'Pay with Visa •••• 4242' }));
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    expect(fakeApi.callsTo('POST', '/payments/create-escrow-payment')[0].body).toMatchObject({
      job_id: job.id,
      use_saved_card: true,
    });
    expect(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm')).toHaveLength(0);
  });

  test('a saved card the bank wants confirmed in person switches to entering the card, with the reason', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'pending_payment', payment_status: 'pending' });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    fakeApi.on('GET', '/payments/saved-card', { body: { card: VISA } });
    fakeApi.on('POST', '/payments/create-escrow-payment', {
      status: 402,
      body: {
        error: 'Your bank asks you to confirm this payment. Please pay by entering your card.',
        code: 'PAYMENTS.AUTHENTICATION_REQUIRED',
      },
    });
    renderApp(`/payments/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with Visa •••• 4242' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your bank asks you to confirm this payment. Please pay by entering your card.',
    );
    await waitFor(() => expect(screen.getByLabelText('Card number')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Pay $107.00' })).toBeTruthy();
  });

  test('Post Shift pays with the saved card in one tap', async () => {
    signedIn('restaurant');
    const job = makeJob({ status: 'pending_payment', payment_status: 'pending' });
    let jobStatus = 'pending_payment';
    fakeApi.on('GET', '/payments/saved-card', { body: { card: VISA } });
    fakeApi.on('POST', '/jobs', { status: 201, body: { job } });
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status: jobStatus } } }));
    fakeApi.on('POST', '/payments/create-escrow-payment', () => {
      jobStatus = 'open';
      return {
        body: {
          client_secret: 'pi_5_secret_x',
          payment_intent_id: 'pi_5',
          amount_cents: 10_700,
          subtotal_cents: 10_000,
          fee_cents: 700,
          currency: 'usd',
          payment_status: 'held_in_escrow',
        },
      };
    });
    const { router } = renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    fireEvent.change(screen.getByLabelText('Start'), {
      target: { value: toLocalInput(new Date(job.start_time)) },
    });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(job.end_time)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    expect((await screen.findByTestId('saved-card')).textContent).toBe(
      'Paying with your saved card, Visa •••• 4242.',
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${job.id}`));
    expect(fakeApi.callsTo('POST', '/payments/create-escrow-payment')[0].body).toMatchObject({
      job_id: job.id,
      use_saved_card: true,
    });
  });
});

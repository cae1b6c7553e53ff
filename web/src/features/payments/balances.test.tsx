// Issue 34: a restaurant's balances, the extra hours its card did not pay off-session. /balances says what each
// is for, why the card failed and when it is due, and pays it with the card field the way the escrow's pay page
// does (the sandbox card form here); Home and Receipts say "You owe $X for extra hours".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { enterCard, INSUFFICIENT_FUNDS_CARD, sandboxConfirm } from '../../../test/card';
import { formBody } from '../../../test/form-body';
import { balance } from '../../../test/money';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';

const APP = balance().application_id;
const PAY = `/payments/balances/${APP}/pay`;

/** GET /payments/balances answering `owed` until the balance is collected, then nothing. */
function balancesRoute(owed = [balance()]) {
  const state = { collected: false };
  fakeApi.on('GET', '/payments/balances', () => {
    const list = state.collected ? [] : owed;
    return { body: { total_cents: list.reduce((n, b) => n + b.amount_cents, 0), balances: list } };
  });
  return state;
}

/** The answers of POST .../pay: the client secret first, collected once a PaymentMethod comes back. */
function payRoute(state: { collected: boolean }) {
  fakeApi.on('POST', '/payments/balances/:id/pay', (call) => {
    const method = (call.body as { paymentMethodId?: string } | null)?.paymentMethodId;
    if (method) state.collected = true;
    return {
      body: {
        application_id: APP,
        client_secret: method ? null : 'pi_x1_secret_b',
        payment_intent_id: 'pi_x1',
        amount_cents: 1_070,
        currency: 'usd',
        payment_status: method ? 'collected' : 'requires_payment_method',
      },
    };
  });
}

const fact = (row: HTMLElement, term: string) =>
  within(row).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/balances (restaurant)', () => {
  test('each balance says what it is for, why the card failed and when it is due; Pay shows the amount, then pays', async () => {
    const { user } = signedIn('restaurant');
    const state = balancesRoute([
      balance(),
      balance({
        application_id: '0a000000-0000-4000-8000-000000000002',
        job_title: 'Dishwasher',
        amount_cents: 535,
        chef_pay_cents: 500,
        fee_cents: 35,
        worked_minutes: 270,
        why: 'authentication_required',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        overdue: true,
      }),
    ]);
    payRoute(state);
    sandboxConfirm(() => ({ body: { id: 'pi_x1', status: 'succeeded', payment_method: 'pm_42' } }));
    renderApp('/balances');
    expect(await screen.findByRole('heading', { level: 1, name: 'Balances' })).toBeTruthy();
    expect((await screen.findByTestId('balance-total')).textContent).toBe('$16.05');
    const [declined, authenticate] = screen.getAllByTestId('balance-row');
    expect(within(declined).getByRole('heading', { level: 2 }).textContent).toBe('Line Cook');
    expect(fact(declined, 'Hours worked')).toBe('5.5');
    expect(fact(declined, "Chef's pay for the extra hours")).toBe('$10.00');
    expect(fact(declined, 'Booking fee')).toBe('$0.70');
    expect(fact(declined, 'Amount owed')).toBe('$10.70');
    expect(within(declined).getByTestId('balance-why').textContent).toBe(
      'Your card was declined for the extra hours. Your card has insufficient funds. Please use a different card.',
    );
    expect(within(declined).getByTestId('balance-due').textContent).toMatch(/^Due by \w{3}, Nov 2[67], /);
    expect(within(authenticate).getByTestId('balance-why').textContent).toBe(
      'Your bank asked you to confirm the charge for the extra hours (3-D Secure).',
    );
    expect(within(authenticate).getByText('Overdue', { selector: '.tag' })).toBeTruthy();
    expect(within(authenticate).getByTestId('balance-due').textContent).toMatch(
      /^Overdue since .*: Brigade now lists it as owed money\.$/,
    );

    // the first button only shows the amount: nothing is asked of payments yet
    await userEvent.click(within(declined).getByRole('button', { name: 'Pay $10.70' }));
    const form = within(declined).getByTestId('pay-balance');
    expect(within(form).getByText('You pay $10.70 for the extra hours of Line Cook.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', PAY)).toHaveLength(0);

    await enterCard(INSUFFICIENT_FUNDS_CARD);
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment of $10.70' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Your card has insufficient funds. Please use a different card.',
    );
    expect(fakeApi.callsTo('POST', PAY).map((c) => c.body)).toEqual([{}]);

    await enterCard('4242424242424242');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm payment of $10.70' }));
    expect(await screen.findByText("Paid $10.70. The chef's extra pay is on its way.")).toBeTruthy();
    expect(fakeApi.callsTo('POST', PAY).map((c) => c.body)).toEqual([{}, {}, { paymentMethodId: 'pm_42' }]);
    expect(
      formBody(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/pi_x1/confirm').at(-1)!.body),
    ).toMatchObject({ client_secret: 'pi_x1_secret_b', receipt_email: user.email });
    expect(await screen.findByText(/^You owe nothing\./)).toBeTruthy();
    expect(screen.getByTestId('balance-total').textContent).toBe('$0.00');
  });

  test('in Spanish: a decline payments reports (402 PAYMENTS.CARD_ERROR) reads as the pay page says it', async () => {
    signedIn('restaurant', { language: 'es' });
    balancesRoute([balance({ why: 'no_card', code: 'no_saved_card', decline_code: null })]);
    sandboxConfirm(() => ({ body: { id: 'pi_x1', status: 'succeeded', payment_method: 'pm_42' } }));
    fakeApi.on('POST', '/payments/balances/:id/pay', (call) =>
      (call.body as { paymentMethodId?: string }).paymentMethodId
        ? {
            status: 402,
            body: {
              error: 'Your card has expired. Please use a different card.',
              code: 'PAYMENTS.CARD_ERROR',
              paymentStatus: 'failed',
              stripe_code: 'expired_card',
              decline_code: null,
            },
          }
        : {
            body: {
              application_id: APP,
              client_secret: 'pi_x1_secret_b',
              payment_intent_id: 'pi_x1',
              amount_cents: 1_070,
              currency: 'usd',
              payment_status: 'requires_payment_method',
            },
          },
    );
    renderApp('/balances');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saldos' })).toBeTruthy();
    const [row] = await screen.findAllByTestId('balance-row');
    expect(within(row).getByRole('heading', { level: 2 }).textContent).toBe('Cocinero de línea');
    expect(fact(row, 'Horas trabajadas')).toBe('5.5');
    expect(fact(row, 'Tarifa de reserva')).toBe('$0.70');
    expect(within(row).getByTestId('balance-why').textContent).toBe(
      'No había una tarjeta guardada para este turno.',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Pagar $10.70' }));
    expect(screen.getByText('Pagas $10.70 por las horas extra de Cocinero de línea.')).toBeTruthy();
    await enterCard('4242424242424242', { number: 'Número de tarjeta', expiry: 'Vencimiento (MM / AA)' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar el pago de $10.70' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tu tarjeta está vencida. Por favor usa otra tarjeta.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('a balance no longer owed (404 PAYMENTS.BALANCE_NOT_FOUND) says so and the list is read again', async () => {
    signedIn('restaurant');
    const state = balancesRoute();
    fakeApi.on('POST', '/payments/balances/:id/pay', () => {
      state.collected = true;
      return {
        status: 404,
        body: { error: 'Balance not found or not authorized', code: 'PAYMENTS.BALANCE_NOT_FOUND' },
      };
    });
    renderApp('/balances');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $10.70' }));
    await enterCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm payment of $10.70' }));
    expect(await screen.findByText(/^You owe nothing\./)).toBeTruthy();
    expect(
      screen.getByText('This balance is no longer owed: it was paid, or it is not yours.', {
        selector: '.alert',
      }),
    ).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/pi_x1/confirm')).toHaveLength(0);
  });

  test('a balance collected meanwhile is paid without the card; a bank still asking to authenticate says so', async () => {
    signedIn('restaurant');
    const two = balance({ application_id: '0a000000-0000-4000-8000-000000000002', job_title: 'Dishwasher' });
    balancesRoute([balance(), two]);
    sandboxConfirm(() => ({ body: { id: 'pi_x1', status: 'succeeded', payment_method: 'pm_42' } }));
    fakeApi.on('POST', '/payments/balances/:id/pay', (call, params) => ({
      body: {
        application_id: params.id,
        client_secret: params.id === APP ? null : 'pi_x2_secret_b',
        payment_intent_id: params.id === APP ? 'pi_x1' : 'pi_x2',
        amount_cents: 1_070,
        currency: 'usd',
        payment_status: params.id === APP ? 'collected' : 'requires_action',
      },
    }));
    renderApp('/balances');
    const [first, second] = await screen.findAllByTestId('balance-row');
    await userEvent.click(within(second).getByRole('button', { name: 'Pay $10.70' }));
    await enterCard('4242424242424242');
    await userEvent.click(within(second).getByRole('button', { name: 'Confirm payment of $10.70' }));
    expect((await within(second).findByRole('alert')).textContent).toBe(
      'Your bank still needs you to confirm this payment. Please try again.',
    );
    expect(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/pi_x2/confirm')).toHaveLength(1);

    await userEvent.click(within(first).getByRole('button', { name: 'Pay $10.70' }));
    await userEvent.click(within(first).getByRole('button', { name: 'Confirm payment of $10.70' }));
    await waitFor(() =>
      expect(screen.getByText("Paid $10.70. The chef's extra pay is on its way.")).toBeTruthy(),
    );
    expect(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/pi_x1/confirm')).toHaveLength(0);
  });

  test('chefs are sent away from /balances', async () => {
    signedIn('chef');
    const { router } = renderApp('/balances');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chef'));
    expect(fakeApi.callsTo('GET', '/payments/balances')).toHaveLength(0);
  });
});

describe("Home's notice", () => {
  test('"You owe $X for extra hours" leads to /balances', async () => {
    signedIn('restaurant');
    balancesRoute();
    const { router } = renderApp('/dashboard/restaurant');
    const notice = await screen.findByTestId('balance-notice');
    expect(notice.textContent).toBe('You owe $10.70 for extra hours. Pay the balance');
    await userEvent.click(within(notice).getByRole('link', { name: 'Pay the balance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balances' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/balances');
  });

  test('in Spanish', async () => {
    signedIn('restaurant', { language: 'es' });
    balancesRoute();
    renderApp('/dashboard/restaurant');
    expect((await screen.findByTestId('balance-notice')).textContent).toBe(
      'Debes $10.70 por horas extra. Pagar el saldo',
    );
  });

  test('no notice when nothing is owed', async () => {
    signedIn('restaurant');
    balancesRoute([]);
    renderApp('/dashboard/restaurant');
    await waitFor(() => expect(fakeApi.callsTo('GET', '/payments/balances')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('balance-notice')).toBeNull();
  });
});

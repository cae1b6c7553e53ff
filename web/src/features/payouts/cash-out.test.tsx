// Issue 38: "Cash out now" on a chef's Earnings: the available balance, the fee or why it is free (the quote's
// words), what reaches the debit card, an amount (all of it unless changed), a confirm repeating the figures, and
// the chef's instant payouts with their status; English and Spanish; hidden without a payout account.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, signedIn } from '../../../test/signed-in';
import { centsOf, payoutFigures, type InstantPayout, type InstantPayoutQuote } from './payoutsApi';

afterEach(() => void i18n.changeLanguage('en'));

function quote(over: Partial<InstantPayoutQuote> = {}): InstantPayoutQuote {
  return {
    available_cents: 10_000,
    fee_cents: 150,
    net_cents: 9_850,
    fee_missing: ['min_shifts'],
    fee_bps: 150,
    min_fee_cents: 50,
    record: { completed_shifts: 3, no_shows_90_days: 0 },
    debit_card: { brand: 'Visa', last4: '5556' },
    pending: null,
    refusal: null,
    reason_text: 'Fee $1.50 (1.5%, at least $0.50). Free with 5 worked shifts (you have 3).',
    ...over,
  };
}

function payout(over: Partial<InstantPayout> = {}): InstantPayout {
  return {
    id: id('p'),
    amount_cents: 10_000,
    fee_cents: 150,
    net_cents: 9_850,
    free_because: null,
    status: 'pending',
    failure_message: null,
    destination: { brand: 'Visa', last4: '5556' },
    created_at: '2026-11-30T18:00:00.000Z',
    arrived_at: null,
    ...over,
  };
}

function serve(q: InstantPayoutQuote, payouts: InstantPayout[] = []) {
  fakeApi.on('GET', '/payments/earnings', { body: { paid_out_cents: 0, on_its_way_cents: 0, shifts: [] } });
  fakeApi.on('GET', '/payments/payouts/instant/quote', { body: q });
  fakeApi.on('GET', '/payments/payouts/instant', { body: { payouts } });
}

test('the balance, the fee and what reaches the card; the confirm repeats the figures, then the payout is sent', async () => {
  signedIn('chef');
  serve(quote());
  fakeApi.on('POST', '/payments/payouts/instant', (call) => ({
    status: 201,
    body: { payout: payout({ amount_cents: (call.body as { amount_cents: number }).amount_cents }) },
  }));
  renderApp('/earnings');
  const card = await screen.findByTestId('cash-out');
  expect(within(card).getByRole('heading', { name: 'Cash out now' })).toBeTruthy();
  expect((await within(card).findByTestId('cash-out-available')).textContent).toBe('$100.00');
  expect(within(card).getByText('Visa •••• 5556')).toBeTruthy();
  expect(within(card).getByTestId('cash-out-reason').textContent).toBe(
    'Fee $1.50 (1.5%, at least $0.50). Free with 5 worked shifts (you have 3).',
  );
  expect((within(card).getByLabelText('Amount to cash out ($)') as HTMLInputElement).value).toBe('100.00');
  expect(within(card).getByTestId('cash-out-fee').textContent).toBe('$1.50');
  expect(within(card).getByTestId('cash-out-net').textContent).toBe('$98.50');

  await userEvent.click(within(card).getByRole('button', { name: 'Cash out now' }));
  expect(within(card).getByTestId('cash-out-confirm').textContent).toBe(
    '$100.00 leaves your balance: a $1.50 fee, and $98.50 reaches Visa •••• 5556 within minutes. Confirm?',
  );
  expect(fakeApi.callsTo('POST', '/payments/payouts/instant')).toHaveLength(0);
  await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(fakeApi.callsTo('POST', '/payments/payouts/instant')).toHaveLength(1));
  expect(fakeApi.callsTo('POST', '/payments/payouts/instant')[0].body).toEqual({ amount_cents: 10_000 });
  expect(await within(card).findByText('On its way: $98.50 to Visa •••• 5556.')).toBeTruthy();
});

test('a smaller amount: the fee by the same rule (at least 50 cents); over the balance is refused before asking', async () => {
  signedIn('chef');
  serve(quote());
  renderApp('/earnings');
  const input = (await screen.findByLabelText('Amount to cash out ($)')) as HTMLInputElement;
  await userEvent.clear(input);
  await userEvent.type(input, '20');
  expect(screen.getByTestId('cash-out-fee').textContent).toBe('$0.50');
  expect(screen.getByTestId('cash-out-net').textContent).toBe('$19.50');
  await userEvent.clear(input);
  await userEvent.type(input, '100.01');
  expect(screen.getByText('That is more than your available balance ($100.00).')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Cash out now' }) as HTMLButtonElement).disabled).toBe(true);
});

test('free for a record that qualifies; the payouts with their status, a failed one with its reason', async () => {
  signedIn('chef');
  serve(
    quote({
      fee_cents: 0,
      net_cents: 10_000,
      free_because: 'reliable_record',
      fee_missing: [],
      reason_text: 'Free: 6 worked shifts and no no-show in 90 days.',
    }),
    [
      payout({ status: 'paid', fee_cents: 0, net_cents: 5_000, free_because: 'reliable_record' }),
      payout({ status: 'failed', failure_message: 'The bank could not process this payout.' }),
    ],
  );
  renderApp('/earnings');
  expect((await screen.findByTestId('cash-out-reason')).textContent).toBe(
    'Free: 6 worked shifts and no no-show in 90 days.',
  );
  expect(screen.getByTestId('cash-out-fee').textContent).toBe('Free');
  const rows = await screen.findAllByTestId('instant-payout');
  expect(within(rows[0]).getByText('Paid', { selector: '.tag' })).toBeTruthy();
  expect(within(rows[1]).getByText('Failed', { selector: '.tag' })).toBeTruthy();
  expect(within(rows[1]).getByTestId('instant-payout-failure').textContent).toBe(
    'Not sent: The bank could not process this payout. The money is back in your balance and any fee was returned.',
  );
});

test('one on its way: the form waits for it; in Spanish', async () => {
  signedIn('chef', { language: 'es' });
  serve(quote({ refusal: 'PAYMENTS.PAYOUT_PENDING', pending: payout() }), [payout()]);
  renderApp('/earnings');
  expect(await screen.findByRole('heading', { name: 'Cobrar ahora' })).toBeTruthy();
  expect(
    await screen.findByText('Ya hay un pago instantáneo en camino. Espera a que llegue o falle.'),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Cobrar ahora' })).toBeNull();
  expect(
    within(screen.getByTestId('instant-payout')).getByText('En camino', { selector: '.tag' }),
  ).toBeTruthy();
});

test('no payout account: no card', async () => {
  signedIn('chef');
  fakeApi.on('GET', '/payments/earnings', { body: { paid_out_cents: 0, on_its_way_cents: 0, shifts: [] } });
  fakeApi.on('GET', '/payments/payouts/instant/quote', {
    status: 404,
    body: { error: 'Payment account not found', code: 'PAYMENTS.ACCOUNT_NOT_FOUND' },
  });
  renderApp('/earnings');
  expect(await screen.findByText(/No paid shifts yet/)).toBeTruthy();
  await waitFor(() => expect(fakeApi.callsTo('GET', '/payments/payouts/instant/quote')).toHaveLength(1));
  expect(screen.queryByTestId('cash-out')).toBeNull();
});

test('the figures: dollars typed as cents, the fee half up with its minimum', () => {
  expect(centsOf('12.5')).toBe(1250);
  expect(centsOf('$100')).toBe(10_000);
  expect(centsOf('1.234')).toBeNull();
  expect(payoutFigures(quote(), 1033)).toEqual({ fee_cents: 50, net_cents: 983 });
  expect(payoutFigures(quote(), 100_100)).toEqual({ fee_cents: 1502, net_cents: 98_598 });
  expect(payoutFigures(quote({ free_because: 'reliable_record' }), 1033)).toEqual({
    fee_cents: 0,
    net_cents: 1033,
  });
});

// Issue 38: a restaurant tips the chef of a worked seat from the job page. Before sending, the form says what it
// costs from the server's quote (GET .../tip: the card, no fee, what the chef receives, the most and until when);
// after, "Tipped $20.00" with where it is; a declined card shows the card's text. Earnings and receipts rows show
// the tip.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, shiftAt, signedIn, id } from '../../../test/signed-in';
import { serverMoney } from '../../../test/money';
import { amountProblem, cardLabel, centsOf } from './tipForm';

const HOUR = 3_600_000;

function workedShift(restaurantId: string) {
  const applicationId = id('a');
  const job = makeJob({
    ...shiftAt(-8 * HOUR, 5),
    restaurant_id: restaurantId,
    status: 'completed',
    applications: [
      {
        id: applicationId,
        job_id: 'x',
        chef_id: id('e'),
        status: 'accepted',
        worker_confirmed: true,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        chef_profiles: { id: id('f'), user_id: id('e'), name: 'Ana', bio: '', skills: [] },
      },
    ],
  });
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  return { job, applicationId };
}

function tipState(applicationId: string, overrides: Record<string, unknown> = {}) {
  return {
    application_id: applicationId,
    job_id: id('b'),
    chef_id: id('e'),
    chef_name: 'Ana',
    chef_pay_cents: 10_000,
    max_cents: 10_000,
    fee_cents: 0,
    window_ends_at: new Date(Date.now() + 6 * 24 * HOUR).toISOString(),
    refusal: null,
    card: { brand: 'visa', last4: '4242' },
    tip: null,
    ...overrides,
  };
}

const tipOf = (applicationId: string, overrides: Record<string, unknown> = {}) => ({
  id: id('d'),
  application_id: applicationId,
  job_id: id('b'),
  seat_no: 1,
  restaurant_id: id('c'),
  chef_id: id('e'),
  amount_cents: 2_000,
  fee_cents: 0,
  status: 'charged',
  failure: null,
  created_at: new Date().toISOString(),
  paid_at: null,
  ...overrides,
});

describe('Add a tip (restaurant job page)', () => {
  test('shows what the tip costs before sending it, then "Tipped $20.00"', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = workedShift(user.id);
    let given: Record<string, unknown> | null = null;
    fakeApi.on('GET', `/applications/${applicationId}/tip`, () => ({
      body: tipState(applicationId, given ? { tip: given, refusal: 'PAYMENTS.TIP_ALREADY_GIVEN' } : {}),
    }));
    fakeApi.on('POST', `/applications/${applicationId}/tip`, (call) => {
      given = tipOf(applicationId, { amount_cents: (call.body as { amount_cents: number }).amount_cents });
      return { status: 201, body: { tip: given } };
    });
    renderApp('/jobs/x');
    const card = await screen.findByTestId('tip-card');
    expect(within(card).getByRole('heading', { name: 'Add a tip for Ana' })).toBeTruthy();
    expect(within(card).getByText(/^Up to \$100\.00 \(100% of the pay\), until /)).toBeTruthy();
    const amount = within(card).getByLabelText('Tip (USD)');
    await userEvent.type(amount, '150');
    expect(within(card).getByText('A tip can be at most $100.00 (100% of the pay).')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Tip' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    expect(within(card).getByTestId('tip-preview').textContent).toBe(
      'Charged to Visa •••• 4242 · no fee · Ana receives $20.00',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Tip $20.00' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', `/applications/${applicationId}/tip`)[0]?.body).toEqual({
        amount_cents: 2_000,
      }),
    );
    expect((await screen.findByTestId('tip-given')).textContent).toBe(
      'Tipped $20.00 Charged, on its way to Ana.',
    );
  });

  test("a declined card shows the card's text and keeps the form to try again", async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = workedShift(user.id);
    fakeApi.on('GET', `/applications/${applicationId}/tip`, { body: tipState(applicationId) });
    fakeApi.on('POST', `/applications/${applicationId}/tip`, {
      status: 402,
      body: { error: 'Your card has insufficient funds.', code: 'PAYMENTS.CARD_ERROR' },
    });
    renderApp('/jobs/x');
    const card = await screen.findByTestId('tip-card');
    await userEvent.type(within(card).getByLabelText('Tip (USD)'), '20');
    await userEvent.click(within(card).getByRole('button', { name: 'Tip $20.00' }));
    expect((await within(card).findByRole('alert')).textContent).toMatch(/declined|insufficient/i);
    expect(within(card).getByRole('button', { name: 'Tip $20.00' })).toBeTruthy();
  });

  test('nothing to tip before the seat is worked, and no form without a card on file', async () => {
    const { user } = signedIn('restaurant');
    const { applicationId } = workedShift(user.id);
    fakeApi.on('GET', `/applications/${applicationId}/tip`, {
      body: tipState(applicationId, { refusal: 'PAYMENTS.TIP_NOT_WORKED', chef_pay_cents: 0, max_cents: 0 }),
    });
    renderApp('/jobs/x');
    await waitFor(() => expect(fakeApi.callsTo('GET', `/applications/${applicationId}/tip`).length).toBe(1));
    expect(screen.queryByTestId('tip-card')).toBeNull();
  });

  test('the form rules: dollars to cents, the most, the card label', () => {
    expect(centsOf('20')).toBe(2_000);
    expect(centsOf('$20.5')).toBe(2_050);
    expect(centsOf('0.01')).toBe(1);
    expect(centsOf('20.555')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    expect(amountProblem(0, 100)).toBe('amountInvalid');
    expect(amountProblem(101, 100)).toBe('amountTooLarge');
    expect(amountProblem(100, 100)).toBeNull();
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: null, last4: '4242' })).toBe('•••• 4242');
  });
});

describe('a tip on earnings rows', () => {
  test("the chef's row shows the tip received, with no fee", async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/earnings', {
      body: {
        paid_out_cents: 22_000,
        tips_cents: 2_000,
        on_its_way_cents: 0,
        shifts: [
          {
            job_id: id('e'),
            date: new Date().toISOString(),
            restaurant_id: id('r'),
            restaurant_name: 'Blue Door',
            position: 'Line Cook',
            hours: 8,
            gross_pay_cents: 20_000,
            tip_cents: 2_000,
            status: 'paid_out',
            paid_out_at: new Date().toISOString(),
            money: serverMoney('release', { done: true, shift: 20_000, total: 21_400 }),
          },
        ],
      },
    });
    renderApp('/earnings');
    expect((await screen.findByTestId('row-tip')).textContent).toBe('Tip: $20.00 (no fee)');
    expect(screen.getByTestId('paid-out').textContent).toBe('$220.00');
  });
});

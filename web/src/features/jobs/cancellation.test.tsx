// The owner's Cancel shift (issue 16): the quote first (late or not, what the chef gets, the fee, what comes back
// to the card, the rule in words), an optional reason, then POST /jobs/{id}/cancel; only while the lifecycle
// lets the restaurant cancel and never after the start.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, shiftAt, signedIn } from '../../../test/signed-in';

const HOUR = 3_600_000;
// A 6-hour shift at $20/h: $120.00 of pay, $8.40 fee, $128.40 charged.
const sixHours = { hourly_rate: 20, hours: 6, subtotal_cents: 12_000, fee_cents: 840, total_cents: 12_840 };
const lateQuote = {
  rule: 'late',
  late: true,
  chef_pay_cents: 8_000,
  fee_cents: 560,
  refund_cents: 4_280,
  reason_text:
    'Late cancellation (less than 24 hours before the start): the chef is paid $80.00 (4 hours of pay), Brigade keeps $5.60, and $42.80 goes back to your card. It counts as a late cancellation on your reliability record.',
};

/** A quote that moves no money to the chef (no chef booked, early, or started). */
const freeQuote = (rule: string, refundCents: number, reasonText: string) => ({
  rule,
  late: false,
  chef_pay_cents: 0,
  fee_cents: 0,
  refund_cents: refundCents,
  reason_text: reasonText,
});
const NO_CHEF_EN = 'No chef is booked yet: the whole $128.40 goes back to your card.';

afterEach(() => void i18n.changeLanguage('en'));

function ownJob(user: { id: string }, overrides: Record<string, unknown> = {}) {
  return makeJob({
    restaurant_id: user.id,
    status: 'filled',
    applications: [],
    ...sixHours,
    ...shiftAt(3 * HOUR, 6),
    ...overrides,
  });
}

describe('the restaurant cancels a shift from its page', () => {
  test('a late cancellation shows the quote first (the chef gets $80.00, Brigade keeps $5.60, $42.80 back), then cancels with the reason', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user);
    let status = 'filled';
    fakeApi.on('GET', `/jobs/${job.id}`, () => ({ body: { job: { ...job, status } } }));
    fakeApi.on('GET', `/jobs/${job.id}/cancellation`, { body: lateQuote });
    fakeApi.on('POST', `/jobs/${job.id}/cancel`, () => {
      status = 'cancelled';
      return { body: { ...lateQuote, job: { ...job, status } } };
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel shift' }));

    const panel = (await screen.findByRole('heading', { name: 'Cancel this shift?' })).closest('section')!;
    expect((await within(panel).findByTestId('quote-kind')).textContent).toBe('Late cancellation');
    expect(within(panel).getByTestId('quote-chef-pay').textContent).toBe('$80.00');
    expect(within(panel).getByTestId('quote-fee').textContent).toBe('$5.60');
    expect(within(panel).getByTestId('quote-refund').textContent).toBe('$42.80');
    expect(within(panel).getByTestId('quote-reason-text').textContent).toBe(lateQuote.reason_text);
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/cancel`)).toHaveLength(0);

    await userEvent.type(
      within(panel).getByLabelText('Reason (optional, the chef sees it)'),
      'Kitchen flooded',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel the shift' }));
    expect(
      await screen.findByText(
        'The shift is cancelled: the chef is paid $80.00 and $42.80 goes back to your card.',
      ),
    ).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/cancel`).map((c) => c.body)).toEqual([
      { reason: 'Kitchen flooded' },
    ]);
    // The page reads the job again: cancelled, and no cancel button any more.
    await waitFor(() => expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Cancel shift' })).toBeNull();
  });

  test('in Spanish the quote reads in Spanish; keeping the shift sends nothing', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const job = ownJob(user, { status: 'open', ...shiftAt(5 * 24 * HOUR, 6) });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/jobs/${job.id}/cancellation`, {
      body: freeQuote(
        'no_chef',
        12_840,
        'Todavía no hay chef reservado: el total de $128.40 vuelve a tu tarjeta.',
      ),
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar turno' }));
    const panel = (await screen.findByRole('heading', { name: '¿Cancelar este turno?' })).closest('section')!;
    expect((await within(panel).findByTestId('quote-kind')).textContent).toBe('No es una cancelación tardía');
    expect(within(panel).getByText('Vuelve a tu tarjeta')).toBeTruthy();
    expect(within(panel).getByTestId('quote-refund').textContent).toMatch(/128[.,]40/);
    // Nothing goes to the chef on a cancellation that is not late.
    expect(within(panel).queryByTestId('quote-chef-pay')).toBeNull();
    expect(within(panel).getByTestId('quote-reason-text').textContent).toBe(
      'Todavía no hay chef reservado: el total de $128.40 vuelve a tu tarjeta.',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Mantener el turno' }));
    expect(await screen.findByRole('button', { name: 'Cancelar turno' })).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/cancel`)).toHaveLength(0);
  });

  test('a refusal from the server is shown and the shift stays as it was', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user);
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/jobs/${job.id}/cancellation`, { body: lateQuote });
    fakeApi.on('POST', `/jobs/${job.id}/cancel`, {
      status: 409,
      body: {
        error: 'The shift has started, so it can no longer be cancelled: check out instead.',
        code: 'JOBS.SHIFT_STARTED',
      },
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel shift' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the shift' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The shift has started, so it can no longer be cancelled: check out instead.',
    );
    expect(screen.getAllByText('Filled').length).toBeGreaterThan(0);
  });

  test('the quote of a shift that has just started explains it and offers no cancel', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user, { status: 'open' });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/jobs/${job.id}/cancellation`, {
      body: freeQuote(
        'started',
        0,
        'The shift has started, so it can no longer be cancelled: check out instead.',
      ),
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel shift' }));
    expect(
      await screen.findByText('The shift has started, so it can no longer be cancelled: check out instead.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the shift' })).toBeNull();
  });

  test.each([
    ['after the start', { status: 'filled', ...shiftAt(-HOUR, 6) }],
    ['a completed shift', { status: 'completed', payment_status: 'completed', ...shiftAt(-9 * HOUR, 6) }],
    ['a cancelled shift', { status: 'cancelled', payment_status: 'refunded' }],
    ['an expired shift', { status: 'expired', payment_status: 'refunded', ...shiftAt(-HOUR, 6) }],
    ['a disputed shift', { status: 'disputed', ...shiftAt(-9 * HOUR, 6) }],
  ])('no Cancel shift on %s', async (_name, overrides) => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user, overrides);
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    renderApp(`/jobs/${job.id}`);
    await screen.findByRole('heading', { name: 'Applicants' });
    expect(screen.queryByRole('button', { name: 'Cancel shift' })).toBeNull();
  });
});

describe('the restaurant cancels from My Shifts', () => {
  test('each cancellable row has its own Cancel shift; the quote opens in the row', async () => {
    const { user } = signedIn('restaurant');
    const upcoming = ownJob(user, { status: 'open', ...shiftAt(4 * 24 * HOUR, 6) });
    const started = ownJob(user, { status: 'filled', ...shiftAt(-HOUR, 6) });
    fakeApi.on('GET', '/jobs', { body: { jobs: [upcoming, started] } });
    fakeApi.on('GET', `/jobs/${upcoming.id}/cancellation`, {
      body: freeQuote('no_chef', 12_840, NO_CHEF_EN),
    });
    fakeApi.on('POST', `/jobs/${upcoming.id}/cancel`, {
      body: { ...freeQuote('no_chef', 12_840, NO_CHEF_EN), job: { ...upcoming, status: 'cancelled' } },
    });
    renderApp('/my-shifts');
    const buttons = await screen.findAllByRole('button', { name: /^Cancel shift of / });
    expect(buttons).toHaveLength(1);
    const row = buttons[0].closest('li')!;
    await userEvent.click(buttons[0]);
    expect(await within(row).findByText(NO_CHEF_EN)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel the shift' }));
    expect(
      await within(row).findByText('The shift is cancelled: $128.40 goes back to your card.'),
    ).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${upcoming.id}/cancel`).map((c) => c.body)).toEqual([{}]);
  });
});

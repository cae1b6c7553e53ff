// How a shift that did not go the happy way reads (issue 16): expired and cancelled shifts with their figures,
// the countdown to the checkout deadline, "under review" on a dispute, settled payments and refund reasons, and
// the chef's "I did not work this shift" at checkout.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';
import { serverMoney } from '../../../test/money';

const HOUR = 3_600_000;
const MINUTE = 60_000;

afterEach(() => void i18n.changeLanguage('en'));

const lateCancellation = {
  cancelled_by: 'restaurant',
  late: true,
  chef_pay_cents: 8_000,
  fee_cents: 560,
  refund_cents: 4_280,
  reason: 'Kitchen flooded',
  cancelled_at: new Date(Date.now() - HOUR).toISOString(),
};
const sixHours = { hourly_rate: 20, hours: 6, subtotal_cents: 12_000, fee_cents: 840, total_cents: 12_840 };

const chefApp = makeApplication;
/** One of the signed-in restaurant's 6-hour shifts. */
const ownJob = (user: { id: string }, overrides: Record<string, unknown>) =>
  makeJob({ restaurant_id: user.id, ...sixHours, ...overrides });
const expiredAndRefunded = () => ({
  status: 'expired',
  payment_status: 'refunded',
  money: serverMoney('job_expired', {
    done: true,
    shift: 12_000,
    total: 12_840,
    chef: 0,
    fee: 0,
    refund: 12_840,
  }),
  ...shiftAt(-2 * HOUR, 6),
});
/** The late cancellation's money as the server gives it: on its way, then done. */
const lateMoney = (done: boolean) =>
  serverMoney('late_cancellation', {
    done,
    shift: 12_000,
    total: 12_840,
    chef: 8_000,
    fee: 560,
    refund: 4_280,
  });

describe('expired and cancelled shifts read as such', () => {
  test('My Shifts (restaurant): Expired and Cancelled labels, the late cancellation, its figures until the money is decided, then what the money did', async () => {
    const { user } = signedIn('restaurant');
    const expired = ownJob(user, expiredAndRefunded());
    const cancelled = ownJob(user, {
      status: 'cancelled',
      payment_status: 'settled',
      cancellation: lateCancellation,
      money: lateMoney(true),
      ...shiftAt(2 * HOUR, 6),
    });
    const moneyHeld = ownJob(user, {
      status: 'cancelled',
      payment_status: 'held_in_escrow',
      cancellation: lateCancellation,
      money: lateMoney(false),
      ...shiftAt(3 * HOUR, 6),
    });
    fakeApi.on('GET', '/jobs', { body: { jobs: [expired, cancelled, moneyHeld] } });
    renderApp('/my-shifts');
    const expiredRow = (await screen.findByText('Expired')).closest('li')!;
    expect(within(expiredRow).getByTestId('money-outcome').textContent).toBe(
      'Expired: nobody confirmed the shift before it started, so the whole $128.40 went back to your card.',
    );
    const [heldRow, cancelledRow] = screen.getAllByText('Cancelled').map((tag) => tag.closest('li')!);
    // Decided, still moving: the outcome's own figures, on their way.
    expect(within(heldRow).getByText('Cancelled by the restaurant · Late cancellation')).toBeTruthy();
    expect(within(heldRow).getByTestId('money-outcome').textContent).toBe(
      'Late-cancellation pay: the chef gets $80.00, Brigade keeps $5.60, and $42.80 is on its way back to your card.',
    );
    expect(within(cancelledRow).getByText('Cancelled by the restaurant · Late cancellation')).toBeTruthy();
    expect(within(cancelledRow).getByTestId('money-outcome').textContent).toBe(
      'Late-cancellation pay: the chef was paid $80.00, Brigade kept $5.60, and $42.80 went back to your card.',
    );
  });

  test('in Spanish: Vencido, and the reason of the refund', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const expired = ownJob(user, expiredAndRefunded());
    fakeApi.on('GET', '/jobs', { body: { jobs: [expired] } });
    renderApp('/my-shifts');
    const row = (await screen.findByText('Vencido')).closest('li')!;
    expect(within(row).getByTestId('money-outcome').textContent).toBe(
      'Vencido: nadie confirmó el turno antes de que empezara, así que los $128.40 completos volvieron a tu tarjeta.',
    );
  });

  test('the job page of an expired shift says so with the rule (policy text) and the refund', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user, {
      status: 'expired',
      payment_status: 'held_in_escrow',
      applications: [],
      ...shiftAt(-2 * MINUTE, 6),
    });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/payments/job/${job.id}`, { body: { settlement: null } });
    renderApp(`/jobs/${job.id}`);
    expect((await screen.findByTestId('expired-notice')).textContent).toBe(
      'Nobody confirmed this shift before it started: it expired and the whole $128.40 goes back to your card.',
    );
  });

  test('the job page of a cancelled shift shows who cancelled, late or not, the money and the reason; the chef sees no refund line', async () => {
    const { user } = signedIn('restaurant');
    const job = ownJob(user, {
      status: 'cancelled',
      payment_status: 'settled',
      cancellation: lateCancellation,
      applications: [],
      ...shiftAt(2 * HOUR, 6),
    });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    const { unmount } = renderApp(`/jobs/${job.id}`);
    // (no Job.money: an answer without the money facts shows the cancellation's figures only)
    const facts = await screen.findByTestId('cancellation-facts');
    const row = (term: string) =>
      within(facts).getByText(term).closest('div')!.querySelector('dd')!.textContent;
    expect(row('Cancelled by')).toBe('The restaurant');
    expect(row('Notice')).toBe('Late cancellation');
    expect(row('Paid to the chef')).toBe('$80.00');
    expect(row('Kept by Brigade')).toBe('$5.60');
    expect(row('Back to the card')).toBe('$42.80');
    expect(row('Reason')).toBe('Kitchen flooded');
    unmount();

    signedIn('chef');
    fakeApi.on('GET', `/jobs/${job.id}`, {
      body: {
        job: {
          ...job,
          applications: undefined,
          user_applied: true,
          user_application: { id: id('a'), status: 'cancelled', worker_confirmed: true },
          money: lateMoney(true),
        },
      },
    });
    renderApp(`/jobs/${job.id}`);
    const chefFacts = await screen.findByTestId('cancellation-facts');
    expect(within(chefFacts).getByTestId('cancellation-chef-pay').textContent).toBe('$80.00');
    // her own screen speaks to her (issue 32): "Paid to you", not "Paid to the chef"
    expect(within(chefFacts).getByText('Paid to you')).toBeTruthy();
    expect(within(chefFacts).queryByText('Paid to the chef')).toBeNull();
    expect(within(chefFacts).queryByTestId('cancellation-refund')).toBeNull();
    expect(screen.getByTestId('money-outcome').textContent).toBe(
      'Late-cancellation pay: $80.00 was paid out to you.',
    );
    expect(screen.getByTestId('chef-pay').textContent).toBe('$80.00');
  });

  test("a chef's application that lapsed at the start reads as expired", async () => {
    signedIn('chef');
    const job = makeJob({ status: 'expired', ...shiftAt(-HOUR) });
    fakeApi.on('GET', '/applications', { body: { applications: [chefApp(job, 'lapsed', null)] } });
    renderApp('/my-shifts');
    await userEvent.click(await screen.findByRole('tab', { name: 'Applications' }));
    expect(await screen.findByText(/^Expired: the shift started before you were confirmed/)).toBeTruthy();
  });
});

describe('checkout deadline and disputes', () => {
  test('a started shift waiting for answers counts down to the deadline with the rule, on My Shifts and at checkout', async () => {
    signedIn('chef');
    const job = makeJob({
      status: 'filled',
      restaurant_checkout_completed: true,
      ...shiftAt(-5 * HOUR, 4),
      checkout_deadline: new Date(Date.now() + 26 * HOUR + 30 * MINUTE).toISOString(),
    });
    const app = chefApp(job);
    fakeApi.on('GET', '/applications', { body: { applications: [app] } });
    fakeApi.on('GET', `/applications/${app.id}`, { body: { application: app } });
    const { unmount } = renderApp('/my-shifts');
    const deadline = await screen.findByTestId('checkout-deadline');
    expect(deadline.textContent).toMatch(
      /^1 day 2 hours left to check out\. Checkout answers are due by .+\. After that, the answer given stands, and if nobody answers, you are paid for the shift\.$/,
    );
    unmount();

    renderApp(`/checkout/${app.id}`);
    expect((await screen.findByTestId('checkout-deadline')).textContent).toMatch(/^1 day 2 hours left/);
  });

  test('in Spanish, and once the deadline has passed', async () => {
    signedIn('chef', { language: 'es' });
    const soon = makeJob({
      status: 'filled',
      ...shiftAt(-5 * HOUR, 4),
      checkout_deadline: new Date(Date.now() + 90 * MINUTE + 20_000).toISOString(),
    });
    const passed = makeJob({
      status: 'filled',
      ...shiftAt(-60 * HOUR, 4),
      checkout_deadline: new Date(Date.now() - MINUTE).toISOString(),
    });
    fakeApi.on('GET', '/applications', { body: { applications: [chefApp(soon), chefApp(passed)] } });
    renderApp('/my-shifts');
    await waitFor(() => expect(screen.getAllByTestId('checkout-deadline')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('checkout-deadline').map((d) => d.textContent);
    expect(second).toMatch(
      /^Quedan 1 hora 30 minutos para registrar la salida\. Las respuestas de salida vencen el /,
    );
    expect(first).toMatch(/^Venció el plazo para registrar la salida\./);
  });

  test('no countdown once both sides answered, nor before the start', async () => {
    signedIn('chef');
    const answered = makeJob({
      status: 'filled',
      chef_checkout_completed: true,
      restaurant_checkout_completed: true,
      ...shiftAt(-5 * HOUR, 4),
    });
    const upcoming = makeJob({ status: 'filled', ...shiftAt(5 * HOUR, 4) });
    fakeApi.on('GET', '/applications', { body: { applications: [chefApp(answered), chefApp(upcoming)] } });
    renderApp('/my-shifts');
    await screen.findAllByText(/^Confirmed/);
    expect(screen.queryByTestId('checkout-deadline')).toBeNull();
  });

  test('a disputed shift reads under review, with the rule', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'disputed', ...shiftAt(-30 * HOUR, 4) });
    fakeApi.on('GET', '/jobs', { body: { jobs: [job] } });
    renderApp('/my-shifts');
    expect((await screen.findByTestId('under-review')).textContent).toBe(
      'The two checkouts disagree, so the money stays held while the shift is reviewed.',
    );
  });
});

describe('the chef answers at checkout', () => {
  /** A chef at the checkout of a shift that started 5 hours ago. */
  function atCheckout(language: 'en' | 'es') {
    signedIn('chef', { language });
    const app = chefApp(makeJob({ status: 'filled', ...shiftAt(-5 * HOUR, 4) }));
    fakeApi.on('GET', `/applications/${app.id}`, { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: {
        message: 'Checkout recorded.',
        mutualCheckoutCompleted: false,
        money: serverMoney(null),
        waiting_for: 'restaurant',
        work_completed: false,
      },
    });
    renderApp(`/checkout/${app.id}`);
    return app;
  }

  test('"I did not work this shift" sends workCompleted false', async () => {
    const app = atCheckout('en');
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    // neither answer is chosen in advance (issue 32)
    expect((screen.getByLabelText('Yes, I worked this shift') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('I did not work this shift') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByLabelText('I did not work this shift'));
    expect(screen.getByText(/^If the restaurant says so too, it gets its money back/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByRole('heading', { name: 'Checkout recorded' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: null,
      workCompleted: false,
      feedback: null,
    });
  });

  test('in Spanish: "No trabajé este turno"', async () => {
    const app = atCheckout('es');
    await screen.findByRole('group', { name: '¿Trabajaste este turno?' });
    await userEvent.click(screen.getByLabelText('No trabajé este turno'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar salida' }));
    await screen.findByRole('heading', { name: 'Salida registrada' });
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toMatchObject({
      workCompleted: false,
    });
  });
});

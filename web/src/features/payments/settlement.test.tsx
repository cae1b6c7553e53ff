import { screen } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { makeSession, makeUser, storeSessionForTest } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';

// When the payment provider keeps failing, the payout or refund waits (the server retries it on its own) and
// the screens where each side follows the shift say so, in English and Spanish.

const delayed = (kind: 'payout' | 'refund', reason: string) => ({
  kind,
  state: 'delayed',
  reason,
  attempts: 4,
  last_attempt_at: new Date().toISOString(),
  next_retry_at: new Date(Date.now() + 30_000).toISOString(),
});

function jobPayment(job: { id: string }, settlement: unknown) {
  fakeApi.on('GET', `/payments/job/${job.id}`, {
    body: {
      job_id: job.id,
      title: 'Line Cook',
      payment_status: 'held_in_escrow',
      amount_cents: 10_700,
      subtotal_cents: 10_000,
      fee_cents: 700,
      total_cents: 10_700,
      currency: 'usd',
      payment_intent_id: null,
      client_secret: null,
      cancelled: false,
      last_error: null,
      ledger: { charged_cents: 10_700, fee_cents: 0, transferred_cents: 0, refunded_cents: 0 },
      settlement,
    },
  });
}

const closedJob = () =>
  makeJob({
    status: 'completed',
    payment_status: 'held_in_escrow',
    restaurant_checkout_completed: true,
    chef_checkout_completed: true,
  });

test('my shifts (chef): a payout the provider does not take says it is delayed and retried automatically', async () => {
  signedIn('chef');
  const job = closedJob();
  fakeApi.on('GET', '/applications', {
    body: {
      applications: [
        {
          id: id('a'),
          status: 'accepted',
          worker_confirmed: true,
          created_at: new Date().toISOString(),
          job_postings: job,
        },
      ],
    },
  });
  jobPayment(job, delayed('payout', 'provider_unavailable'));
  renderApp('/my-shifts');
  expect((await screen.findByTestId('settlement-notice')).textContent).toBe(
    'Payout delayed: the payment provider is not answering. We retry automatically.',
  );
});

test('my shifts (restaurant): a refund that is late says so', async () => {
  signedIn('restaurant');
  const job = makeJob({ status: 'cancelled', payment_status: 'held_in_escrow' });
  fakeApi.on('GET', '/jobs', { body: { jobs: [job] } });
  jobPayment(job, delayed('refund', 'provider_unavailable'));
  renderApp('/my-shifts');
  expect((await screen.findByTestId('settlement-notice')).textContent).toBe(
    'Refund delayed: the payment provider is not answering. We retry automatically.',
  );
});

test('job detail in Spanish: the restaurant reads that the payout is delayed', async () => {
  const user = makeUser('restaurant', 'es');
  signedIn('restaurant');
  storeSessionForTest(makeSession(user));
  const job = { ...closedJob(), restaurant_id: user.id, applications: [] };
  fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
  fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
  jobPayment(job, delayed('payout', 'provider_unavailable'));
  renderApp(`/jobs/${job.id}`);
  expect((await screen.findByTestId('settlement-notice')).textContent).toBe(
    'Pago retrasado: el proveedor de pagos no responde. Lo reintentamos automáticamente.',
  );
});

test('nothing is shown while the payout is simply on its way, or once it is done', async () => {
  signedIn('restaurant');
  const onTheWay = closedJob();
  const paid = makeJob({ status: 'completed', payment_status: 'completed' });
  fakeApi.on('GET', '/jobs', { body: { jobs: [onTheWay, paid] } });
  jobPayment(onTheWay, { ...delayed('payout', null as never), state: 'in_progress', reason: null });
  renderApp('/my-shifts');
  await screen.findAllByText('Line Cook');
  await new Promise((r) => setTimeout(r, 200));
  expect(screen.queryByTestId('settlement-notice')).toBeNull();
  // The paid job is not even asked about.
  expect(fakeApi.callsTo('GET', `/payments/job/${paid.id}`)).toHaveLength(0);
});

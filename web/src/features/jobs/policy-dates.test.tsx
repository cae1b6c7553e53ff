// The dates of the money rules (the checkout deadline, until when a chef cancels for free, when a shift was
// cancelled) read in the shift's own city time, as its hours do, whatever the viewer's zone: a Detroit shift
// says Detroit's clock.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';

const HOUR = 3_600_000;

/** The clock in Detroit at `iso`, as the screens write a moment: "Mon, Jan 5, 7:00 PM". */
const detroitClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Detroit',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/** A shift at a Detroit restaurant. */
const detroitJob = (overrides: Record<string, unknown>) => {
  const job = makeJob(overrides);
  return { ...job, restaurant_profiles: { ...job.restaurant_profiles, city: 'Detroit', state: 'MI' } };
};

test('the checkout deadline of a Detroit shift is in Detroit time', async () => {
  signedIn('chef');
  const deadline = new Date(Date.now() + 26 * HOUR).toISOString();
  const job = detroitJob({ status: 'filled', ...shiftAt(-5 * HOUR, 4), checkout_deadline: deadline });
  fakeApi.on('GET', '/applications', { body: { applications: [makeApplication(job)] } });
  renderApp('/my-shifts');
  expect((await screen.findByTestId('checkout-deadline')).textContent).toContain(
    `Checkout answers are due by ${detroitClock(deadline)}`,
  );
});

test('until when a chef cancels a Detroit shift for free is in Detroit time', async () => {
  signedIn('chef');
  const job = detroitJob({ status: 'open', ...shiftAt(4 * 24 * HOUR) });
  fakeApi.on('GET', '/applications', { body: { applications: [makeApplication(job, 'accepted', null)] } });
  renderApp('/my-shifts');
  const row = (await screen.findByText(/^Accepted! Please confirm/)).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel shift' }));
  expect((await within(row).findByTestId('chef-cancel-rule')).textContent).toContain(
    `You can cancel until ${detroitClock(job.late_cancel_from)}`,
  );
});

test('when a Detroit shift was cancelled is in Detroit time', async () => {
  const { user } = signedIn('restaurant');
  const cancelledAt = new Date(Date.now() - HOUR).toISOString();
  const job = detroitJob({
    restaurant_id: user.id,
    status: 'cancelled',
    payment_status: 'settled',
    applications: [],
    cancellation: {
      cancelled_by: 'restaurant',
      late: false,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: 10_700,
      reason: null,
      cancelled_at: cancelledAt,
    },
    ...shiftAt(2 * 24 * HOUR),
  });
  fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
  renderApp(`/jobs/${job.id}`);
  const facts = await screen.findByTestId('cancellation-facts');
  const when = within(facts).getByText('When').closest('div')!.querySelector('dd')!.textContent;
  expect(when).toContain(detroitClock(cancelledAt));
});

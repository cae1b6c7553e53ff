import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';

// Issue 35's direct offers on screen: the chef's offer card (the pay, Accept / Decline) and the restaurant's
// "Offer a shift" on a chef's card.

const HOUR = 3_600_000;

function offer(overrides: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 26 * HOUR);
  return {
    id: '0b0f0000-0000-4000-8000-000000000001',
    job_id: '0b0f0000-0000-4000-8000-000000000002',
    restaurant_id: '0b0f0000-0000-4000-8000-000000000003',
    chef_id: '0b0f0000-0000-4000-8000-000000000004',
    chef_profile_id: '0b0f0000-0000-4000-8000-000000000005',
    chef_name: 'Ana Ruiz',
    status: 'pending',
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    answered_at: null,
    application_id: null,
    shift: {
      title: 'Line Cook',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 5 * HOUR).toISOString(),
      hourly_rate: 24,
      break_minutes: 30,
      hours: 4.5,
      chef_pay_cents: 10_800,
      restaurant_name: 'Loop Diner',
      city: 'Minneapolis',
    },
    ...overrides,
  };
}

test('a chef sees an offer with what they earn; Accept calls the API and the offer leaves the dashboard', async () => {
  signedIn('chef');
  let live = [offer()];
  const accepted: string[] = [];
  fakeApi.on('GET', '/offers', () => ({ body: { offers: live } }));
  fakeApi.on('POST', '/offers/:id/accept', (call) => {
    accepted.push(call.path);
    live = [];
    return { body: { offer: offer({ status: 'accepted' }) } };
  });
  renderApp('/dashboard/chef');

  const card = (await screen.findByRole('heading', { name: 'Shifts offered to you' })).closest('section')!;
  expect(within(card).getByText('Line Cook at Loop Diner')).toBeTruthy();
  expect(within(card).getByText('You earn $108.00')).toBeTruthy();
  expect(within(card).getByText('4.5 h at $24.00/h')).toBeTruthy();

  await userEvent.click(within(card).getByRole('button', { name: 'Accept the Line Cook shift' }));
  await waitFor(() => expect(accepted).toEqual(['/offers/0b0f0000-0000-4000-8000-000000000001/accept']));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Shifts offered to you' })).toBeNull());
});

test('a refused answer says why, in the chef’s words', async () => {
  signedIn('chef');
  fakeApi.on('GET', '/offers', { body: { offers: [offer()] } });
  fakeApi.on('POST', '/offers/:id/accept', {
    status: 409,
    body: { error: 'Another chef took the last seat of this shift first', code: 'JOBS.OFFER_TAKEN' },
  });
  renderApp('/dashboard/chef');
  await userEvent.click(await screen.findByRole('button', { name: 'Accept the Line Cook shift' }));
  expect(await screen.findByText('Another chef took this shift first.')).toBeTruthy();
});

test('a restaurant offers one of its open shifts from a chef’s card in Find Chefs', async () => {
  signedIn('restaurant');
  const chef = { ...chefProfile(makeUser('chef')), name: 'Ana Ruiz', distance_miles: 1 };
  const job = makeJob({ status: 'open' });
  const sent: unknown[] = [];
  fakeApi.on('GET', '/profiles/chefs', { body: { chefs: [chef] } });
  fakeApi.on('GET', '/jobs', { body: { jobs: [job] } });
  fakeApi.on('POST', '/jobs/:id/offers', (call) => {
    sent.push({ path: call.path, body: call.body });
    return { status: 201, body: { offer: offer({ job_id: job.id }) } };
  });
  renderApp('/chefs');

  await userEvent.click(await screen.findByRole('button', { name: 'Offer a shift to Ana Ruiz' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
  await waitFor(() => expect(sent).toEqual([{ path: `/jobs/${job.id}/offers`, body: { chef_id: chef.id } }]));
  expect(await screen.findByText(/Offered to Ana Ruiz/)).toBeTruthy();
});

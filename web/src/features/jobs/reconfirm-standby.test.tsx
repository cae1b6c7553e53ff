import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';

// Issue 37 on screen: a booked chef asked to reconfirm reads until when, with "Reconfirm" (then "Reconfirmed");
// a chef who cannot take a filled shift joins its standby list and reads their place; a standby offer is
// labelled and says until when the seat is theirs.

const HOUR = 3_600_000;

test('the booked chef reconfirms from the job page, and reads Reconfirmed after', async () => {
  signedIn('chef');
  const appId = id('a');
  const job = makeJob({
    status: 'filled',
    user_applied: true,
    user_application: { id: appId, status: 'accepted', worker_confirmed: true },
  });
  const application = (over: Record<string, unknown>) => ({
    id: appId,
    job_id: job.id,
    chef_id: id('d'),
    status: 'accepted',
    worker_confirmed: true,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    chef_profiles: null,
    job_postings: job,
    ...over,
  });
  let current = application({ reconfirm_by: new Date(Date.now() + 30 * HOUR).toISOString() });
  const sent: string[] = [];
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', '/applications/:id', () => ({ body: { application: current } }));
  fakeApi.on('POST', '/applications/:id/reconfirm', (call) => {
    sent.push(call.path);
    current = application({ reconfirm_by: null, reconfirmed_at: new Date().toISOString() });
    return { body: { application: current } };
  });
  renderApp(`/jobs/${job.id}`);

  const card = (await screen.findByRole('heading', { name: 'Still coming?' })).closest('section')!;
  expect(within(card).getByText(/^Reconfirm by /)).toBeTruthy();
  await userEvent.click(within(card).getByRole('button', { name: 'Reconfirm' }));
  await waitFor(() => expect(sent).toEqual([`/applications/${appId}/reconfirm`]));
  expect(await screen.findByText('Reconfirmed')).toBeTruthy();
});

test('a chef joins the standby list of a shift they applied to, reads their place, and leaves it', async () => {
  signedIn('chef');
  const base = makeJob({
    status: 'filled',
    user_applied: true,
    user_application: { id: id('a'), status: 'pending', worker_confirmed: null },
    standby_count: 1,
    standby_position: null,
  });
  let job: Record<string, unknown> = base;
  fakeApi.on('GET', '/jobs/:id', () => ({ body: { job } }));
  fakeApi.on('POST', '/jobs/:id/standby', () => {
    job = { ...base, standby_count: 2, standby_position: 2 };
    return { status: 201, body: { job_id: base.id, position: 2, standby_count: 2 } };
  });
  fakeApi.on('DELETE', '/jobs/:id/standby', () => {
    job = { ...base, standby_count: 1, standby_position: null };
    return { body: { job_id: base.id, position: null, standby_count: 1 } };
  });
  renderApp(`/jobs/${base.id}`);

  await userEvent.click(await screen.findByRole('button', { name: 'Join standby' }));
  expect(await screen.findByText("You're #2 on standby")).toBeTruthy();
  expect(screen.getByText('2 chefs on standby')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Leave standby' }));
  expect(await screen.findByRole('button', { name: 'Join standby' })).toBeTruthy();
});

test('a standby offer is labelled and says until when the seat is the chef’s', async () => {
  signedIn('chef');
  const start = new Date(Date.now() + 20 * HOUR);
  fakeApi.on('GET', '/offers', {
    body: {
      offers: [
        {
          id: id('e'),
          job_id: id('b'),
          restaurant_id: id('c'),
          chef_id: id('d'),
          chef_profile_id: id('f'),
          chef_name: 'Ana Ruiz',
          status: 'pending',
          kind: 'standby',
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
          answered_at: null,
          application_id: null,
          shift: {
            title: 'Line Cook',
            start_time: start.toISOString(),
            end_time: new Date(start.getTime() + 5 * HOUR).toISOString(),
            hourly_rate: 24,
            break_minutes: 0,
            hours: 5,
            chef_pay_cents: 12_000,
            restaurant_name: 'Loop Diner',
            city: 'Minneapolis',
          },
        },
      ],
    },
  });
  renderApp('/dashboard/chef');
  const card = (await screen.findByRole('heading', { name: 'Shifts offered to you' })).closest('section')!;
  expect(within(card).getByText('Standby: a seat opened')).toBeTruthy();
  expect(within(card).getByText(/^Yours until /)).toBeTruthy();
});

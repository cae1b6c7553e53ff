import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, signedIn } from '../../../test/signed-in';

// Issue 37: who sees a shift, on the screens. Roster-first shifts offered to a chef come first in their openings
// with the window's end in the restaurant's time; a restaurant blocks a chef from the applicant card (after a
// confirm), a chef hides a restaurant from its job page, and Settings > Blocked lists one's blocks with Unblock.

/** 18:40 in Minneapolis (CST, UTC-6) on December 1, 2026, where the restaurants of makeJob are. */
const SIX_FORTY_PM_MINNEAPOLIS = '2026-12-02T00:40:00.000Z';

test('openings show the shifts offered first, first, with the window end in the restaurant time', async () => {
  signedIn('chef');
  const until = SIX_FORTY_PM_MINNEAPOLIS;
  const offered = makeJob({ title: 'Prep Cook', roster_first_until: until });
  const everyone = makeJob({ title: 'Dishwasher' });
  fakeApi.on('GET', '/jobs', { body: { jobs: [everyone], total: 1 } });
  fakeApi.on('GET', '/jobs/offered-first', { body: { jobs: [offered] } });
  renderApp('/openings');
  expect(await screen.findByText('2 shifts')).toBeTruthy();
  const items = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(items[0]).toMatch(/Prep Cook/);
  const first = screen.getByRole('heading', { name: /Prep Cook/ }).closest('li')!;
  expect(within(first).getByText(/^Offered to you first until 6:40\sPM( C[SD]T)?$/)).toBeTruthy();
  const other = screen.getByRole('heading', { name: /Dishwasher/ }).closest('li')!;
  expect(within(other).queryByText(/Offered to you first/)).toBeNull();
});

test('a restaurant blocks an applicant after a confirm; nothing is sent until it confirms', async () => {
  const { user } = signedIn('restaurant');
  const applicant = makeApplication(makeJob(), 'pending', null);
  const job = makeJob({
    restaurant_id: user.id,
    applications: [{ ...applicant, chef_profiles: { ...applicant.chef_profiles, skills: [], bio: '' } }],
  });
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  fakeApi.on('POST', '/blocks/chef/:id', (_call, params) => ({
    status: 201,
    body: {
      block: {
        kind: 'chef',
        profile_id: params.id,
        user_id: applicant.chef_id,
        name: 'Lucía',
        created_at: new Date().toISOString(),
      },
    },
  }));
  renderApp(`/jobs/${job.id}/applications`);
  const row = (await screen.findByRole('heading', { name: 'Lucía' })).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Block Lucía' }));
  expect(within(row).getByText(/^Block Lucía\? They won't see your shifts/)).toBeTruthy();
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
  expect(fakeApi.callsTo('POST', `/blocks/chef/${applicant.chef_profiles.id}`)).toHaveLength(0);
  await userEvent.click(within(row).getByRole('button', { name: 'Block Lucía' }));
  await userEvent.click(within(row).getByRole('button', { name: 'Block' }));
  expect(await within(row).findByText('Lucía is blocked. Unblock them in Settings.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/blocks/chef/${applicant.chef_profiles.id}`)).toHaveLength(1);
});

test('a chef hides a restaurant from its job page (in Spanish) and is taken back to the openings', async () => {
  signedIn('chef', { language: 'es' });
  const job = makeJob();
  fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, user_applied: false, booked_conflict: null } } });
  fakeApi.on('GET', '/jobs', { body: { jobs: [], total: 0 } });
  fakeApi.on('POST', '/blocks/restaurant/:id', { status: 201, body: { block: {} } });
  renderApp(`/jobs/${job.id}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Ocultar North Loop Kitchen' }));
  expect(screen.getByText(/^¿Ocultar North Loop Kitchen\?/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
  expect(await screen.findByRole('heading', { name: 'Turnos abiertos' })).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/blocks/restaurant/${job.restaurant_id}`)).toHaveLength(1);
});

test('Settings > Blocked lists one’s blocks and unblocks', async () => {
  signedIn('restaurant');
  const profileId = id('f');
  let blocks = [
    {
      kind: 'chef',
      profile_id: profileId,
      user_id: id('e'),
      name: 'Carl Cook',
      created_at: '2026-11-02T15:00:00.000Z',
    },
  ];
  fakeApi.on('GET', '/blocks', () => ({ body: { blocks } }));
  fakeApi.on('DELETE', '/blocks/chef/:id', () => {
    blocks = [];
    return { status: 204 };
  });
  renderApp('/settings');
  await userEvent.click(await screen.findByRole('tab', { name: 'Blocked' }));
  expect(await screen.findByText('Carl Cook')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Unblock Carl Cook' }));
  expect(await screen.findByText("You haven't blocked anyone.")).toBeTruthy();
  expect(fakeApi.callsTo('DELETE', `/blocks/chef/${profileId}`)).toHaveLength(1);
});

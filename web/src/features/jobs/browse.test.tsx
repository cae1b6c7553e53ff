import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';

describe('/jobs/browse and My Shifts', () => {
  test('a restaurant browses the applications waiting for its answer, not those on finished or started shifts', async () => {
    signedIn('restaurant');
    const open = makeJob({ title: 'Prep Cook' });
    const waiting = { ...makeApplication(open, 'pending', null), chef_profiles: { name: 'Sam Reyes' } };
    fakeApi.on('GET', '/applications', {
      body: {
        applications: [
          waiting,
          {
            ...makeApplication(makeJob({ status: 'completed' }), 'pending', null),
            chef_profiles: { name: 'Old' },
          },
          {
            ...makeApplication(makeJob({ ...shiftAt(-3_600_000) }), 'pending', null),
            chef_profiles: { name: 'Started' },
          },
          { ...makeApplication(open, 'rejected', null), chef_profiles: { name: 'Rejected' } },
        ],
      },
    });
    renderApp('/jobs/browse');
    await screen.findByRole('heading', { name: 'Applications waiting' });
    const row = (await screen.findByRole('heading', { name: /Sam Reyes/ })).closest('li')!;
    expect(within(row).getByText('New')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(
      `/jobs/${open.id}/applications`,
    );
    for (const name of ['Old', 'Started', 'Rejected']) expect(screen.queryByText(name)).toBeNull();
  });

  test('a chef browsing /jobs/browse gets the open shifts', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/jobs', { body: { jobs: [makeJob({ title: 'Dishwasher' })], total: 1 } });
    renderApp('/jobs/browse');
    expect(await screen.findByText('Dishwasher')).toBeTruthy();
  });

  test("My Shifts: Review is a primary action only with applicants waiting; the chef's row names the restaurant, address and pay", async () => {
    const { user } = signedIn('restaurant');
    const quiet = makeJob({ restaurant_id: user.id, title: 'Prep Cook', pending_applications_count: 0 });
    const busy = makeJob({ restaurant_id: user.id, title: 'Dishwasher', pending_applications_count: 2 });
    fakeApi.on('GET', '/jobs', { body: { jobs: [quiet, busy], total: 2 } });
    const { unmount } = renderApp('/my-shifts');
    const review = await screen.findByRole('link', { name: 'Review (2 waiting)' });
    expect(review.className).not.toMatch(/btn-(secondary|ghost)/);
    expect(screen.queryByRole('link', { name: 'Review (0 waiting)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Applicants' }).className).toContain('btn-ghost');
    unmount();

    signedIn('chef');
    const job = makeJob({ status: 'filled' });
    fakeApi.on('GET', '/applications', { body: { applications: [makeApplication(job, 'accepted', true)] } });
    renderApp('/my-shifts');
    const restaurant = await screen.findByRole('link', { name: 'North Loop Kitchen' });
    const row = restaurant.closest('li')!;
    expect(restaurant.getAttribute('href')).toBe(`/profile/restaurant/${job.restaurant_profiles.user_id}`);
    expect(within(row).getByText(/100 Washington Ave N, Minneapolis/)).toBeTruthy();
    expect(within(row).getByText('you earn $100.00')).toBeTruthy();
    expect(within(row).getByText(/\$20\.00\/hr/)).toBeTruthy();
  });
});

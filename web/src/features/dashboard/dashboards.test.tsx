import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';
import { makeApplication, makeJob, shiftAt } from '../../../test/signed-in';

describe('dashboards', () => {
  test('the restaurant dashboard shows its real average rating, new applications and a roster with Try Again', async () => {
    signedIn('restaurant');
    const recent = new Date(Date.now() - 3600_000).toISOString();
    fakeApi.on('GET', '/applications', {
      body: {
        applications: [
          {
            id: 'a1',
            status: 'pending',
            created_at: recent,
            worker_confirmed: null,
            job_postings: makeJob(),
          },
          {
            id: 'a2',
            status: 'accepted',
            created_at: '2026-01-01T00:00:00Z',
            worker_confirmed: true,
            job_postings: makeJob({ status: 'filled' }),
          },
        ],
      },
    });
    let rosterUp = false;
    fakeApi.on('GET', '/favorites', () =>
      rosterUp
        ? {
            body: {
              favorites: [
                {
                  id: 'f1',
                  chef_profile_id: 'c1',
                  chef_profiles: {
                    id: 'c1',
                    name: 'Sam Reyes',
                    skills: ['Line Cook', 'Prep Cook', 'Dishwasher', 'Server'],
                  },
                  stats: { shiftsCompleted: 3, averageRating: 4.7, lastWorked: null },
                },
              ],
            },
          }
        : { status: 500, body: { error: 'down', code: 'X' } },
    );
    renderApp('/dashboard/restaurant');
    await screen.findByRole('heading', { name: 'North Loop Kitchen' });
    expect(await screen.findByText('4.3')).toBeTruthy();
    expect(screen.queryByText('4.8')).toBeNull();
    expect(screen.getByText('1 new application in the last 24 hours')).toBeTruthy();
    const staff = screen.getByText('Confirmed Staff').parentElement!;
    expect(within(staff).getByText('1')).toBeTruthy();
    expect(await screen.findByText('Failed to load your favorite chefs')).toBeTruthy();
    rosterUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Sam Reyes' })).toBeTruthy();
    expect(screen.queryByText('Server')).toBeNull(); // three skills at most
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
  });

  test("the chef's Open Shifts counts every opening the API counts, not the five listed", async () => {
    signedIn('chef');
    const five = Array.from({ length: 5 }, (_, i) => makeJob({ title: `Line Cook ${i + 1}` }));
    fakeApi.on('GET', '/jobs', { body: { jobs: five, total: 6 } });
    renderApp('/dashboard/chef');
    await screen.findByText('Line Cook 5');
    const available = screen
      .getAllByText('Open Shifts')
      .find((e) => e.classList.contains('stat-label'))!.parentElement!;
    expect(within(available).getByText('6')).toBeTruthy();
  });

  test("the restaurant's Open Shifts and completed shifts come from the API's totals", async () => {
    signedIn('restaurant');
    const recent = Array.from({ length: 5 }, (_, i) => makeJob({ title: `Shift ${i + 1}`, status: 'open' }));
    const totals: Record<string, number> = { all: 14, open: 7, completed: 2 };
    fakeApi.on('GET', '/jobs', (call) => ({
      body: {
        jobs: call.query.status === 'all' ? recent : recent.slice(0, 1),
        total: totals[call.query.status],
      },
    }));
    renderApp('/dashboard/restaurant');
    await screen.findByText('Shift 5');
    const open = screen
      .getAllByText('Open Shifts')
      .find((e) => e.classList.contains('stat-label'))!.parentElement!;
    expect(await within(open).findByText('7')).toBeTruthy();
    // Two completed shifts or more: the checklist has done its work and is gone.
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
  });

  test('the new-applications banner counts only applications still waiting, not those on finished or started shifts', async () => {
    signedIn('restaurant');
    const recent = new Date(Date.now() - 3600_000).toISOString();
    const pending = (job: ReturnType<typeof makeJob>) => ({
      ...makeApplication(job, 'pending', null),
      created_at: recent,
    });
    fakeApi.on('GET', '/applications', {
      body: {
        applications: [
          pending(makeJob()),
          pending(makeJob()),
          pending(makeJob({ status: 'completed' })),
          pending(makeJob({ status: 'cancelled' })),
          pending(makeJob({ status: 'filled' })),
          pending(makeJob({ status: 'open', ...shiftAt(-3_600_000) })),
        ],
      },
    });
    renderApp('/dashboard/restaurant');
    expect(await screen.findByText('2 new applications in the last 24 hours')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review applications' }).getAttribute('href')).toBe(
      '/jobs/browse',
    );
  });

  test('with nothing waiting there is no banner, and a Review link without applicants is not styled as work to do', async () => {
    signedIn('restaurant');
    const quiet = makeJob({ title: 'Prep Cook', status: 'open', pending_applications_count: 0 });
    const busy = makeJob({ title: 'Dishwasher', status: 'open', pending_applications_count: 2 });
    fakeApi.on('GET', '/jobs', { body: { jobs: [quiet, busy], total: 2 } });
    fakeApi.on('GET', '/applications', {
      body: { applications: [makeApplication(makeJob({ status: 'completed' }), 'pending', null)] },
    });
    renderApp('/dashboard/restaurant');
    await screen.findByText('Prep Cook');
    expect(screen.queryByText(/new application/)).toBeNull();
    const [quietReview, busyReview] = screen.getAllByRole('link', { name: 'Review' });
    expect(quietReview.className).toContain('btn-secondary');
    expect(busyReview.className).not.toContain('btn-secondary');
  });

  test("the chef's upcoming shifts show the restaurant (linked to its profile), the address and the pay", async () => {
    signedIn('chef');
    const job = makeJob({ status: 'filled' });
    fakeApi.on('GET', '/applications', { body: { applications: [makeApplication(job, 'accepted', true)] } });
    renderApp('/dashboard/chef');
    const upcoming = within(
      (await screen.findByRole('heading', { name: 'Upcoming Shifts' })).closest('section')!,
    );
    const restaurant = await upcoming.findByRole('link', { name: 'North Loop Kitchen' });
    expect(restaurant.getAttribute('href')).toBe(`/profile/restaurant/${job.restaurant_profiles.user_id}`);
    expect(upcoming.getByText(/100 Washington Ave N, Minneapolis/)).toBeTruthy();
    expect(upcoming.getByText('$100.00 for the shift · $20.00/hr')).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

describe('dashboards', () => {
  test('the restaurant dashboard shows its real average rating, new applications and a roster with Try Again', async () => {
    signedIn('restaurant');
    const recent = new Date(Date.now() - 3600_000).toISOString();
    fakeApi.on('GET', '/applications', {
      body: {
        applications: [
          { id: 'a1', status: 'pending', created_at: recent, worker_confirmed: null },
          { id: 'a2', status: 'accepted', created_at: '2026-01-01T00:00:00Z', worker_confirmed: true },
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
    expect(await screen.findByText('Failed to load worker roster')).toBeTruthy();
    rosterUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Sam Reyes' })).toBeTruthy();
    expect(screen.queryByText('Server')).toBeNull(); // three skills at most
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
  });
});

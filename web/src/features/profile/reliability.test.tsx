// Reliability records (issue 16): explainable counts, all time and in the last 90 days, on applicant cards and on
// the chef and restaurant profile pages, in English and Spanish with plural forms.
import { screen, within } from '@testing-library/react';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile, makeUser, restaurantProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

const chefRecord = {
  completed_shifts: 12,
  late_cancellations: 1,
  no_shows: 0,
  last_90_days: { completed_shifts: 5, late_cancellations: 1, no_shows: 0 },
};
const restaurantRecord = {
  completed_shifts: 1,
  late_cancellations: 2,
  disputes_lost: 1,
  last_90_days: { completed_shifts: 1, late_cancellations: 0, disputes_lost: 1 },
};

const facts = (section: HTMLElement) =>
  Object.fromEntries(
    within(section)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
  );

test('the applicant card shows the chef’s counts, all time and the last 90 days', async () => {
  const { user } = signedIn('restaurant');
  const job = makeJob({
    restaurant_id: user.id,
    applications: [
      {
        id: id('d'),
        job_id: 'j',
        chef_id: id('e'),
        status: 'pending',
        worker_confirmed: null,
        created_at: new Date().toISOString(),
        chef_profiles: {
          id: id('f'),
          user_id: id('e'),
          name: 'Ana',
          bio: 'Grill cook.',
          skills: [],
          average_rating: null,
          total_ratings: 0,
          reliability: chefRecord,
        },
      },
    ],
  });
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  renderApp(`/jobs/${job.id}/applications`);
  const card = (await screen.findByRole('heading', { name: 'Ana' })).closest('li')!;
  expect(within(card).getByTestId('reliability').textContent).toBe(
    'Reliability: 12 completed shifts · 1 late cancellation · 0 no-shows (last 90 days: 5 completed shifts · 1 late cancellation · 0 no-shows)',
  );
});

test('the chef profile page shows the record in Spanish with plural forms', async () => {
  signedIn('restaurant', { language: 'es' });
  const profile = { ...chefProfile(makeUser('chef')), reliability: chefRecord };
  fakeApi.on('GET', `/profiles/chef/${profile.id}`, { body: { profile } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  renderApp(`/profile/chef/${profile.id}`);
  const section = (await screen.findByRole('heading', { name: 'Confiabilidad' })).closest('section')!;
  expect(facts(section)).toEqual({
    'Desde siempre': '12 turnos completados · 1 cancelación tardía · 0 inasistencias',
    'Últimos 90 días': '5 turnos completados · 1 cancelación tardía · 0 inasistencias',
  });
});

test('the restaurant profile page counts disputes lost instead of no-shows', async () => {
  signedIn('chef');
  const profile = { ...restaurantProfile(makeUser('restaurant')), reliability: restaurantRecord };
  fakeApi.on('GET', `/profiles/restaurant/${profile.id}`, { body: { profile } });
  renderApp(`/profile/restaurant/${profile.id}`);
  const section = (await screen.findByRole('heading', { name: 'Reliability' })).closest('section')!;
  expect(facts(section)).toEqual({
    'All time': '1 completed shift · 2 late cancellations · 1 dispute lost',
    'Last 90 days': '1 completed shift · 0 late cancellations · 1 dispute lost',
  });
});

test('a new restaurant reads a record of zeros, with the plural forms', async () => {
  signedIn('chef');
  const profile = restaurantProfile(makeUser('restaurant'));
  fakeApi.on('GET', `/profiles/restaurant/${profile.id}`, { body: { profile } });
  renderApp(`/profile/restaurant/${profile.id}`);
  const section = (await screen.findByRole('heading', { name: 'Reliability' })).closest('section')!;
  expect(facts(section)['All time']).toBe('0 completed shifts · 0 late cancellations · 0 disputes lost');
});

// A restaurant's hours start empty (issue 32): its profile says so until it opens a day, and never claims 24/7.
import { screen } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { makeUser, restaurantProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';

const hoursSection = async () =>
  (await screen.findByRole('heading', { name: 'Operating hours' })).closest('section')!;

test('a restaurant that opened no day reads "Hours not set yet", not a week of times', async () => {
  signedIn('chef');
  const profile = restaurantProfile(makeUser('restaurant'));
  fakeApi.on('GET', `/profiles/restaurant/${profile.id}`, { body: { profile } });
  renderApp(`/profile/restaurant/${profile.id}`);
  const section = await hoursSection();
  expect(section.textContent).toContain('Hours not set yet');
  expect(section.querySelector('dl')).toBeNull();
});

test('the days it opened show their times; the others read Closed', async () => {
  signedIn('chef');
  const base = restaurantProfile(makeUser('restaurant'));
  const profile = {
    ...base,
    operating_hours: { ...base.operating_hours, friday: { open: '16:00', close: '23:00', closed: false } },
  };
  fakeApi.on('GET', `/profiles/restaurant/${profile.id}`, { body: { profile } });
  renderApp(`/profile/restaurant/${profile.id}`);
  const section = await hoursSection();
  const rows = [...section.querySelectorAll('.schedule-row')].map((r) => r.textContent);
  expect(rows).toContain('Friday16:00 – 23:00');
  expect(rows).toContain('MondayClosed');
  expect(rows).toHaveLength(7);
});

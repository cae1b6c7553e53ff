import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';

// Issue 37: the openings keep every shift in range and mark those inside the chef's weekly availability (the
// profile's default: Fridays 8 AM to 8 PM), read in the restaurant city's time zone.

test('a shift inside the chef’s availability is marked "Fits your availability"; one outside is listed unmarked', async () => {
  signedIn('chef');
  // Friday, December 4, 2026 in Minneapolis: 10 AM to 2 PM fits, 7 PM to 11 PM runs past 8 PM
  const day = makeJob({
    title: 'Line Cook',
    start_time: '2026-12-04T16:00:00.000Z',
    end_time: '2026-12-04T20:00:00.000Z',
  });
  const late = makeJob({
    title: 'Dishwasher',
    start_time: '2026-12-05T01:00:00.000Z',
    end_time: '2026-12-05T05:00:00.000Z',
  });
  fakeApi.on('GET', '/jobs', { body: { jobs: [day, late], total: 2 } });
  renderApp('/openings');
  const fits = (await screen.findByRole('heading', { name: /Line Cook/ })).closest('li')!;
  expect(await within(fits).findByText('Fits your availability')).toBeTruthy();
  const outside = screen.getByRole('heading', { name: /Dishwasher/ }).closest('li')!;
  expect(within(outside).queryByText('Fits your availability')).toBeNull();
  expect(screen.getByText('2 shifts')).toBeTruthy();
});

test('in Spanish the mark reads "Encaja con tu disponibilidad"', async () => {
  signedIn('chef', { language: 'es' });
  const day = makeJob({
    title: 'Line Cook',
    start_time: '2026-12-04T16:00:00.000Z',
    end_time: '2026-12-04T20:00:00.000Z',
  });
  fakeApi.on('GET', '/jobs', { body: { jobs: [day], total: 1 } });
  renderApp('/openings');
  expect(await screen.findByText('Encaja con tu disponibilidad')).toBeTruthy();
});

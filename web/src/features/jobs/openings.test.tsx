import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, signedIn } from '../../../test/signed-in';

describe('openings', () => {
  test('filters reach the server, Clear Filters resets them, and Apply Now applies once', async () => {
    signedIn('chef');
    const urgent = makeJob({ title: 'Prep Cook', emergency_level: 'urgent', hourly_rate: 25 });
    const normal = makeJob({ title: 'Dishwasher', hourly_rate: 16 });
    fakeApi.on('GET', '/jobs', (call) => ({
      body: { jobs: call.query.emergencyLevel === 'urgent' ? [urgent] : [urgent, normal] },
    }));
    fakeApi.on('POST', '/jobs/:id/apply', {
      status: 201,
      body: { application: { id: id(), status: 'pending' } },
    });
    renderApp('/openings');
    await screen.findByRole('heading', { name: 'Open Shifts' });
    expect(await screen.findByText('2 shifts')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    expect(await screen.findByText('1 shift')).toBeTruthy();
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({
      status: 'open',
      emergencyLevel: 'urgent',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('2 shifts')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Minimum hourly rate ($)'), { target: { value: '20' } });
    expect(await screen.findByText('1 shift')).toBeTruthy();
    const item = screen.getByRole('heading', { name: /Prep Cook/ }).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Apply Now' }));
    expect(await within(item).findByText('Applied')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${urgent.id}/apply`)).toHaveLength(1);
    expect(within(item).getByRole('link', { name: 'View details of Prep Cook' }).getAttribute('href')).toBe(
      `/jobs/${urgent.id}`,
    );
  });

  test('the list is the same for every chef; "Applied" comes from the chef\'s own applications', async () => {
    signedIn('chef');
    const mine = makeJob({ title: 'Line Cook' });
    const other = makeJob({ title: 'Dishwasher' });
    fakeApi.on('GET', '/jobs', { body: { jobs: [mine, other], total: 2 } });
    fakeApi.on('GET', '/applications', {
      body: { applications: [makeApplication(mine, 'pending')], total: 1 },
    });
    renderApp('/openings');
    const item = (await screen.findByRole('heading', { name: /Line Cook/ })).closest('li')!;
    expect(await within(item).findByText('Applied')).toBeTruthy();
    const otherItem = screen.getByRole('heading', { name: /Dishwasher/ }).closest('li')!;
    expect(within(otherItem).getByRole('button', { name: 'Apply Now' })).toBeTruthy();
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({ status: 'open', shared: '1' });
  });
});

describe('openings a chef can scan', () => {
  test('each card leads with the pay, then position, restaurant, city and distance; the switch lists every city', async () => {
    signedIn('chef');
    const near = makeJob({
      title: 'Line Cook',
      hourly_rate: 24,
      subtotal_cents: 14_400,
      hours: 6,
      distance_miles: 0.6,
    });
    const detroit = makeJob({
      title: 'Server',
      distance_miles: 543.2,
      restaurant_profiles: {
        ...near.restaurant_profiles!,
        name: 'Corktown Grill',
        city: 'Detroit',
        state: 'MI',
      },
    });
    fakeApi.on('GET', '/jobs', (call) =>
      call.query.near === 'all'
        ? { body: { jobs: [near, detroit], total: 2, area: null } }
        : { body: { jobs: [near], total: 1, area: { city: 'Minneapolis', radius_miles: 15 } } },
    );
    renderApp('/openings');
    const item = (await screen.findByRole('heading', { name: /Line Cook/ })).closest('li')!;
    expect(within(item).getByText('$144.00')).toBeTruthy();
    expect(within(item).getByText('$24.00/hr · 6 hours')).toBeTruthy();
    expect(within(item).getByText('North Loop Kitchen · Minneapolis · 0.6 mi')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Server/ })).toBeNull();
    const nearMe = screen.getByRole('button', { name: 'Within 15 mi of Minneapolis' });
    expect(nearMe.getAttribute('aria-pressed')).toBe('true');
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query.near).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'All of Minneapolis and Detroit' }));
    const far = (await screen.findByRole('heading', { name: /Server/ })).closest('li')!;
    expect(within(far).getByText('Corktown Grill · Detroit · 543 mi')).toBeTruthy();
    expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({ status: 'open', near: 'all' });
    // The switch still names the chef's area.
    expect(
      screen.getByRole('button', { name: 'Within 15 mi of Minneapolis' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  test('with nothing within the radius, it says so and offers every city', async () => {
    signedIn('chef', { language: 'es' });
    const detroit = makeJob({ title: 'Server', distance_miles: 543.2 });
    fakeApi.on('GET', '/jobs', (call) =>
      call.query.near === 'all'
        ? { body: { jobs: [detroit], total: 1, area: null } }
        : { body: { jobs: [], total: 0, area: { city: 'Minneapolis', radius_miles: 15 } } },
    );
    renderApp('/openings');
    expect(await screen.findByText('No hay turnos abiertos a 15 mi de Minneapolis por ahora.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ver todo Minneapolis y Detroit' }));
    expect(await screen.findByText(/543 mi/)).toBeTruthy();
  });
});

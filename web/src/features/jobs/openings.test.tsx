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
    // The filters are behind their button (issue 32): the list comes first.
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
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

  test('a long list shows its first 20 shifts and 20 more on "Show more shifts"; a filter starts again at the first', async () => {
    signedIn('chef');
    const jobs = Array.from({ length: 45 }, (_, i) =>
      makeJob({ title: 'Line Cook', hourly_rate: 20 + (i % 2) * 10, distance_miles: i / 10 }),
    );
    fakeApi.on('GET', '/jobs', { body: { jobs, total: 45 } });
    renderApp('/openings');
    expect(await screen.findByText('45 shifts')).toBeTruthy();
    const cards = () => document.querySelectorAll('li.opening');
    // the first screen's cards are drawn at once, the rest of the first 20 just after (issue 41), then the button
    expect(cards().length).toBeGreaterThanOrEqual(4);
    await screen.findByRole('button', { name: 'Show more shifts' });
    expect(cards()).toHaveLength(20);
    // the nearest first, as the server ordered them
    expect(
      within(cards()[0] as HTMLElement).getByText('North Loop Kitchen · Minneapolis · 0 mi'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more shifts' }));
    expect(cards()).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Show more shifts' }));
    expect(cards()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more shifts' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Minimum hourly rate ($)'), { target: { value: '25' } });
    expect(await screen.findByText('22 shifts')).toBeTruthy();
    expect(cards()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Show more shifts' })).toBeTruthy();
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
    // The area the list is drawn from is said above it; its switch is in the filters panel (issue 32).
    expect(screen.getByText('Within 15 mi of Minneapolis')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
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

/** The fields of a multipart body as an object. */
const formFields = (body: unknown) =>
  Object.fromEntries([...(body as FormData).entries()].map(([k, v]) => [k, String(v)]));

describe('openings on a phone (issue 32)', () => {
  test('the list comes first; the filters wait behind a button that counts them and opens an accessible panel', async () => {
    signedIn('chef', { language: 'es' });
    const urgent = makeJob({ title: 'Prep Cook', emergency_level: 'urgent', hourly_rate: 25 });
    const normal = makeJob({ title: 'Dishwasher', hourly_rate: 16 });
    fakeApi.on('GET', '/jobs', { body: { jobs: [urgent, normal], total: 2 } });
    renderApp('/openings');
    const first = await screen.findByRole('heading', { name: /Ayudante de preparación/ });
    // No filter field before the list: the first thing under the title bar is a shift.
    expect(screen.queryByLabelText('Prioridad')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filtros' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('dialog', { name: 'Filtrar turnos' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    // The focus moves into the panel; every filter of the spec is there, and Clear Filters.
    expect(panel.contains(document.activeElement)).toBe(true);
    for (const label of [
      'Prioridad',
      'Tarifa mínima por hora ($)',
      'Pago mínimo del turno ($)',
      'Fecha requerida',
      'Horario del turno',
    ])
      expect(within(panel).getByLabelText(label)).toBeTruthy();
    await userEvent.selectOptions(within(panel).getByLabelText('Prioridad'), 'urgent');
    fireEvent.change(within(panel).getByLabelText('Tarifa mínima por hora ($)'), { target: { value: '20' } });
    expect(await screen.findByText('1 turno')).toBeTruthy();

    // Escape closes it and gives the focus back to the button, which now says how many filters are on.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const counted = screen.getByRole('button', { name: 'Filtros (2)' });
    expect(document.activeElement).toBe(counted);
    expect(counted.getAttribute('aria-expanded')).toBe('false');

    // Done closes it too; Clear Filters empties the count.
    await userEvent.click(counted);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar filtros' }));
    await userEvent.click(screen.getByRole('button', { name: 'Listo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeTruthy();
    expect(await screen.findByText('2 turnos')).toBeTruthy();
  });

  test("each card's Directions link opens the maps app on the restaurant's address", async () => {
    signedIn('chef');
    const job = makeJob({
      title: 'Line Cook',
      restaurant_profiles: {
        ...makeJob().restaurant_profiles!,
        name: 'North Loop Kitchen',
        address: '212 N 1st Ave',
        city: 'Minneapolis',
        state: 'MN',
        zip: '55401',
      },
    });
    fakeApi.on('GET', '/jobs', { body: { jobs: [job], total: 1 } });
    renderApp('/openings');
    const item = (await screen.findByRole('heading', { name: /Line Cook/ })).closest('li')!;
    const link = within(item).getByRole('link', { name: /Directions to North Loop Kitchen/ });
    expect(link.textContent).toBe('Directions');
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=212%20N%201st%20Ave%2C%20Minneapolis%2C%20MN%2055401',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  test('a chef without a home is asked for their ZIP; saving it sends only the ZIP and measures from it', async () => {
    const { user, profile } = signedIn('chef');
    const job = makeJob({ title: 'Line Cook', distance_miles: 0.6 });
    let home = false;
    fakeApi.on('GET', '/jobs', () => ({
      body: {
        jobs: [{ ...job, distance_miles: home ? 3.1 : 0.6 }],
        total: 1,
        area: { city: 'Minneapolis', radius_miles: 15 },
        distances_from: home ? 'home' : 'city',
      },
    }));
    fakeApi.on('POST', '/profiles/chef', () => {
      home = true;
      return { body: { profile: { ...profile, home: { source: 'zip', zip: '55408' } } } };
    });
    renderApp('/openings');
    const item = (await screen.findByRole('heading', { name: /Line Cook/ })).closest('li')!;
    expect(within(item).getByText(/0\.6 mi/)).toBeTruthy();
    expect(screen.getByText('Within 15 mi of Minneapolis')).toBeTruthy();

    const prompt = screen.getByRole('button', { name: 'Set your home ZIP for real distances' });
    await userEvent.click(prompt);
    expect(screen.getByText(/Only the ZIP code is used/)).toBeTruthy();
    const field = screen.getByLabelText('Home ZIP code or address');
    // A ZIP of the other city is caught before it is sent.
    await userEvent.type(field, '48201');
    await userEvent.click(screen.getByRole('button', { name: 'Save home' }));
    expect(await screen.findByText(/not in the Minneapolis area/)).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/profiles/chef')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '2900 Hennepin Ave S, Minneapolis, MN 55408');
    await userEvent.click(screen.getByRole('button', { name: 'Save home' }));
    expect(
      await screen.findByText(/^Distances are measured from ZIP 55408\./, { selector: '.home-summary' }),
    ).toBeTruthy();
    const sent = fakeApi.callsTo('POST', '/profiles/chef')[0];
    expect(formFields(sent.body)).toEqual({ home: '2900 Hennepin Ave S, Minneapolis, MN 55408' });
    // The list is asked again and now measures from home.
    expect(await within(item).findByText(/3\.1 mi/)).toBeTruthy();
    expect(await screen.findByText('Within 15 mi of home')).toBeTruthy();
    expect(user.id).toBeTruthy();
  });

  test('"Use my location" asks the browser once and sends the position rounded', async () => {
    const { profile } = signedIn('chef');
    fakeApi.on('GET', '/jobs', { body: { jobs: [makeJob()], total: 1, distances_from: 'city' } });
    fakeApi.on('POST', '/profiles/chef', {
      body: { profile: { ...profile, home: { source: 'location', zip: null } } },
    });
    let asked = 0;
    const getCurrentPosition = (ok: PositionCallback) => {
      asked += 1;
      ok({ coords: { latitude: 44.948765, longitude: -93.293421, accuracy: 25 } } as GeolocationPosition);
    };
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    renderApp('/openings');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set your home ZIP for real distances' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText(/^Distances are measured from your location\./, { selector: '.home-summary' }),
    ).toBeTruthy();
    expect(asked).toBe(1);
    expect(formFields(fakeApi.callsTo('POST', '/profiles/chef')[0].body)).toEqual({
      homeLatitude: '44.949',
      homeLongitude: '-93.293',
    });
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeJob, shiftAt, signedIn } from '../../../test/signed-in';
import { toLocalInput } from './validation';

// Issue 35 (ADR 0030): a posting of several chefs. The restaurant chooses how many and sees the cost of every
// seat before paying; it reads "2 of 3 booked" wherever the posting appears and each seat with its chef on the
// job page; chefs read the seats left and one chef's pay, never the whole posting's.

/** A posting of three at $20/h for 5 hours: its amounts are all its seats' ($107.00 each). */
const threeSeats = (over: Record<string, unknown> = {}) =>
  makeJob({
    headcount: 3,
    subtotal_cents: 30_000,
    fee_cents: 2_100,
    total_cents: 32_100,
    seats: { total: 3, booked: 1, open: 2 },
    ...over,
  });

describe('Post Shift asks how many chefs and shows the cost of every seat', () => {
  test('3 chefs at 5 hours × $20: $107.00 each, $321.00 in all, and the headcount is sent', async () => {
    signedIn('restaurant');
    const job = threeSeats({ status: 'pending_payment', payment_status: 'pending' });
    fakeApi.on('POST', '/jobs', { status: 201, body: { job } });
    fakeApi.on('POST', '/payments/create-escrow-payment', {
      status: 402,
      body: { error: 'Your card was declined.', code: 'PAYMENTS.CARD_DECLINED' },
    });
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    const headcount = screen.getByLabelText('How many chefs') as HTMLInputElement;
    expect(headcount.value).toBe('1');
    expect(
      screen.getByText(/^From 1 to 20\. Each chef takes a seat and is paid the full shift pay/),
    ).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    fireEvent.change(screen.getByLabelText('Start'), {
      target: { value: toLocalInput(new Date(job.start_time)) },
    });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(job.end_time)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    // one chef: the cost as before, no seats line
    expect(screen.getByTestId('pay-total').textContent).toBe('$107.00');
    expect(screen.queryByTestId('pay-per-chef')).toBeNull();

    fireEvent.change(headcount, { target: { value: '3' } });
    expect(screen.getByTestId('pay-hours').textContent).toBe('5');
    expect(screen.getByTestId('pay-per-chef').textContent).toBe('3 chefs × $107.00');
    expect(screen.getByTestId('pay-subtotal').textContent).toBe('$300.00');
    expect(screen.getByTestId('pay-fee').textContent).toBe('$21.00');
    expect(screen.getByTestId('pay-total').textContent).toBe('$321.00');
    expect(screen.getByText('Total for all chefs')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    await screen.findByRole('alert');
    expect(fakeApi.callsTo('POST', '/jobs')[0].body).toMatchObject({ title: 'Line Cook', headcount: 3 });
    // the whole posting is paid in one charge: the server's total
    expect(fakeApi.callsTo('POST', '/payments/create-escrow-payment').at(-1)!.body).toEqual({
      job_id: job.id,
      amount: 32_100,
    });
  });

  test('a headcount out of 1-20 shows no price and is refused before anything is sent', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Dishwasher');
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(9, 0, 0, 0);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 5 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('How many chefs'), { target: { value: '21' } });
    expect(screen.queryByTestId('pay-total')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'How many chefs must be a whole number from 1 to 20',
    );
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(0);
  });

  test("a template's headcount fills the field, and the cost is every seat's", async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/shift-templates', {
      body: {
        templates: [
          {
            id: '0b8f7f43-3c1e-4d5e-9b0a-2f1c3d4e5f61',
            name: 'Friday line',
            title: 'Line Cook',
            startTime: '17:00',
            endTime: '22:00',
            hourlyRate: 20,
            headcount: 4,
            breakMinutes: 0,
            description: null,
            requiredSkills: [],
            created_at: '2026-11-01T12:00:00.000Z',
          },
        ],
      },
    });
    renderApp('/jobs/post');
    await userEvent.selectOptions(
      await screen.findByLabelText('Use a template'),
      'Friday line (17:00–22:00)',
    );
    expect((screen.getByLabelText('How many chefs') as HTMLInputElement).value).toBe('4');
    expect(screen.getByTestId('pay-per-chef').textContent).toBe('4 chefs × $107.00');
    expect(screen.getByTestId('pay-total').textContent).toBe('$428.00');
  });

  test('in Spanish, the field and the cost of every seat', async () => {
    signedIn('restaurant', { language: 'es' });
    renderApp('/jobs/post');
    const field = (await screen.findByLabelText('Cuántos chefs')) as HTMLInputElement;
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(9, 0, 0, 0);
    fireEvent.change(screen.getByLabelText('Inicio'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('Fin'), {
      target: { value: toLocalInput(new Date(start.getTime() + 5 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Tarifa por hora ($)'), { target: { value: '20' } });
    fireEvent.change(field, { target: { value: '2' } });
    expect(screen.getByTestId('pay-per-chef').textContent).toBe('2 chefs × $107.00');
    expect(screen.getByText('Total de todos los chefs')).toBeTruthy();
    expect(screen.getByTestId('pay-total').textContent).toBe('$214.00');
  });
});

describe('restaurants read how many seats are booked wherever the posting appears', () => {
  test('the dashboard and My Shifts read "1 of 3 booked"; a posting of one says nothing of seats', async () => {
    signedIn('restaurant');
    const three = threeSeats({ title: 'Prep Cook', pending_applications_count: 0 });
    const one = makeJob({ title: 'Dishwasher', headcount: 1, seats: { total: 1, booked: 0, open: 1 } });
    fakeApi.on('GET', '/jobs', { body: { jobs: [three, one], total: 2 } });
    renderApp('/dashboard/restaurant');
    const row = (await screen.findByText('Prep Cook')).closest('li')!;
    expect(within(row).getByTestId('seats-booked').textContent).toBe('1 of 3 booked');
    const single = screen.getByText('Dishwasher').closest('li')!;
    expect(within(single).queryByTestId('seats-booked')).toBeNull();
  });

  test('My Shifts, in Spanish', async () => {
    signedIn('restaurant', { language: 'es' });
    fakeApi.on('GET', '/jobs', { body: { jobs: [threeSeats({ seats: { total: 3, booked: 2, open: 1 } })] } });
    renderApp('/my-shifts');
    expect((await screen.findByTestId('seats-booked')).textContent).toBe('2 de 3 reservados');
  });

  test('the job page lists each seat with its chef, its status and its own checkout', async () => {
    const { user } = signedIn('restaurant');
    const [ana, ben] = [id('a'), id('a')];
    const application = (appId: string, name: string, seat: number) => ({
      id: appId,
      job_id: 'j',
      chef_id: id('e'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      chef_profiles: { id: id('f'), user_id: id('e'), name },
      seat_no: seat,
    });
    const seat = (no: number, over: Record<string, unknown>) => ({
      seat_no: no,
      status: 'filled',
      application_id: null,
      chef_id: null,
      chef_name: null,
      restaurant_checkout_completed: false,
      chef_checkout_completed: false,
      chef_rating: null,
      restaurant_rating: null,
      ...over,
    });
    // ended an hour ago: each booked seat's checkout is open
    const job = threeSeats({
      restaurant_id: user.id,
      status: 'filled',
      ...shiftAt(-6 * 3_600_000),
      seats: { total: 3, booked: 2, open: 0 },
      applications: [application(ana, 'Ana Ruiz', 1), application(ben, 'Ben Ode', 2)],
      seat_list: [
        seat(3, { status: 'expired' }),
        seat(1, {
          application_id: ana,
          chef_id: id('e'),
          chef_name: 'Ana Ruiz',
          chef_checkout_completed: true,
          restaurant_rating: 5,
        }),
        seat(2, { application_id: ben, chef_id: id('e'), chef_name: 'Ben Ode', phone: '+16125550122' }),
      ],
    });
    job.checkout_opens_at = job.end_time;
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/jobs/${job.id}`);
    const list = within((await screen.findByRole('heading', { name: 'Seats' })).closest('section')!);
    expect(list.getByTestId('seats-booked').textContent).toBe('2 of 3 booked');
    const rows = list.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['seat-1', 'seat-2', 'seat-3']);
    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'Ana Ruiz' })).toBeTruthy();
    expect(rows[0].textContent).toContain('Booked · Restaurant: waiting · Chef: done');
    expect(rows[0].textContent).toContain('The chef rated you 5/5');
    expect(first.getByRole('link', { name: 'Check out seat 1' }).getAttribute('href')).toBe(
      `/checkout/${ana}`,
    );
    expect(within(rows[1]).getByRole('link', { name: 'Check out seat 2' }).getAttribute('href')).toBe(
      `/checkout/${ben}`,
    );
    // each booked chef's phone on their seat, inside the contact window (the server sends it only then)
    expect(
      within(rows[1])
        .getByRole('link', { name: /^Call \(612\) 555-0122 \(Ben Ode\)$/ })
        .getAttribute('href'),
    ).toBe('tel:+16125550122');
    expect(within(rows[0]).queryByRole('link', { name: /^Call/ })).toBeNull();
    expect(rows[2].textContent).toBe('Seat 3 · Nobody booked yetExpired');
    expect(within(rows[2]).queryByRole('link')).toBeNull();
    // the cost box is the whole posting's, with one chef's share
    expect(screen.getByTestId('pay-per-chef').textContent).toBe('3 chefs × $107.00');
    expect(screen.getByTestId('pay-total').textContent).toBe('$321.00');
  });
});

describe('chefs read the seats left and one chef’s pay', () => {
  test('an opening of three with two left reads "2 seats left" and pays $100.00, not the posting’s $300.00', async () => {
    signedIn('chef');
    const three = threeSeats({ title: 'Prep Cook' });
    const one = makeJob({ title: 'Dishwasher', headcount: 1, seats: { total: 1, booked: 0, open: 1 } });
    fakeApi.on('GET', '/jobs', { body: { jobs: [three, one] } });
    renderApp('/openings');
    const item = (await screen.findByRole('heading', { name: /Prep Cook/ })).closest('li')!;
    expect(within(item).getByTestId('seats-left').textContent).toBe('2 seats left');
    expect(within(item).getByText('$100.00')).toBeTruthy();
    expect(within(item).queryByText('$300.00')).toBeNull();
    const single = screen.getByRole('heading', { name: /Dishwasher/ }).closest('li')!;
    expect(within(single).queryByTestId('seats-left')).toBeNull();
  });

  test('in Spanish on the job page: one seat left, and the pay is one chef’s', async () => {
    signedIn('chef', { language: 'es' });
    const job = threeSeats({ seats: { total: 3, booked: 2, open: 1 }, user_applied: false });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/jobs/${job.id}`);
    expect((await screen.findByTestId('seats-left')).textContent).toBe('Queda 1 puesto');
    expect(screen.getByTestId('chef-pay').textContent).toBe('$100.00');
  });
});

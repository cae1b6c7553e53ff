// Issue 37: "Book now" on a chef's job page (or what is missing, in words), "Boost pay" on the owner's job page
// with the quote shown before the card is charged, the "Boosted" badge, and Post Shift's two new fields.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';
import { toLocalInput } from '../jobs';

const instant = (overrides: Record<string, unknown> = {}) =>
  makeJob({
    instant_book: true,
    can_book_now: true,
    book_now_missing: [],
    book_now_min_shifts: 3,
    user_applied: false,
    user_application: null,
    seats: { total: 1, booked: 0, open: 1 },
    ...overrides,
  });

describe('book now', () => {
  test('a chef at the bar books in one tap', async () => {
    signedIn('chef');
    const job = instant();
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/book`, {
      status: 201,
      body: {
        application: {
          id: '0a000000-0000-4000-8000-000000000001',
          job_id: job.id,
          status: 'accepted',
          worker_confirmed: true,
        },
      },
    });
    renderApp(`/jobs/${job.id}`);
    expect(await screen.findByTestId('instant-book')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Book now' }));
    expect((await screen.findByTestId('book-now-done')).textContent).toBe("You're booked on this shift.");
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/book`)).toHaveLength(1);
  });

  test('below the bar the page lists what is missing, in words; Apply stays', async () => {
    signedIn('chef');
    const job = instant({ can_book_now: false, book_now_missing: ['min_shifts', 'no_show', 'rating'] });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    renderApp(`/jobs/${job.id}`);
    const missing = await screen.findByTestId('book-now-missing');
    expect(within(missing).getByText('To book this shift instantly you need:')).toBeTruthy();
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '3 completed shifts needed',
      'No no-shows in the last 90 days',
      'An average rating of 4.5 or more',
    ]);
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply for this shift' })).toBeTruthy();
  });

  test('a refusal (403) says what is missing, in Spanish', async () => {
    signedIn('chef', { language: 'es' });
    const job = instant();
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/book`, {
      status: 403,
      body: {
        error: 'Aún no puedes reservar al instante',
        code: 'JOBS.BOOK_NOW_NOT_ALLOWED',
        missing: ['late_cancellations'],
      },
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Reservar ahora' }));
    const missing = await screen.findByTestId('book-now-missing');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Como máximo 1 cancelación tardía en los últimos 90 días']);
    expect(screen.getByRole('alert').textContent).toMatch(/^Aún no puedes reservar al instante/);
  });
});

describe('boost pay', () => {
  const quote = {
    charge_cents: 2_140,
    fee_cents: 140,
    new_total_cents: 12_840,
    reason_text: "You'll be charged $21.40 now to your card on file (fee $1.40); new total $128.40.",
  };

  test('the quote is shown before the button; boosting is charged first, then the badge shows', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({
      restaurant_id: user.id,
      applications: [],
      seats: { total: 1, booked: 0, open: 1 },
    });
    let served: Record<string, unknown> = job;
    fakeApi.on('GET', `/jobs/${job.id}`, () => ({ body: { job: served } }));
    fakeApi.on('GET', `/jobs/${job.id}/boost-quote`, { body: quote });
    fakeApi.on('POST', `/jobs/${job.id}/boost`, () => {
      served = {
        ...job,
        pending_edit: {
          edit_id: '0e000000-0000-4000-8000-000000000009',
          status: 'charging',
          charge_cents: 2_140,
          requested_at: new Date().toISOString(),
          code: null,
          kind: 'boost',
        },
      };
      return { status: 202, body: { job: served, quote } };
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Boost pay' }));
    const panel = (await screen.findByRole('heading', { name: 'Boost pay' })).closest('section')!;
    expect(within(panel).getByText('Enter a rate above $20.00 an hour to see what it costs.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Hourly rate ($)'), { target: { value: '24' } });
    expect((await within(panel).findByTestId('boost-quote')).textContent).toBe(
      "You'll be charged $21.40 now (fee $1.40); new total $128.40.",
    );
    expect(fakeApi.callsTo('GET', `/jobs/${job.id}/boost-quote`).map((c) => c.query)).toEqual([
      { hourly_rate: '24' },
    ]);
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/boost`)).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Boost to $24.00/h' }));
    expect((await screen.findByTestId('pending-edit')).textContent).toBe('Charging $21.40 to your card…');
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/boost`).map((c) => c.body)).toEqual([
      { hourly_rate: 24 },
    ]);
    expect(screen.queryByRole('button', { name: 'Boost pay' })).toBeNull();

    // collected: the new rate with "Boosted, was $20.00/hr"
    served = { ...job, hourly_rate: 24, boosted_from_rate: 20, pending_edit: null };
    await waitFor(() => expect(screen.getByTestId('boosted').textContent).toBe('Boosted · was $20.00/hr'), {
      timeout: 4_000,
    });
  });

  test('a rate not above today’s asks for more; a refused quote keeps the button off', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({
      restaurant_id: user.id,
      applications: [],
      seats: { total: 1, booked: 0, open: 1 },
    });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('GET', `/jobs/${job.id}/boost-quote`, {
      status: 400,
      body: { error: 'under minimum', code: 'JOBS.EDIT_UNDER_MINIMUM' },
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Boost pay' }));
    const panel = (await screen.findByRole('heading', { name: 'Boost pay' })).closest('section')!;
    fireEvent.change(within(panel).getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    expect(within(panel).getByText('Enter a rate above $20.00 an hour to see what it costs.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Hourly rate ($)'), { target: { value: '20.05' } });
    expect((await within(panel).findByRole('alert')).textContent).toMatch(/\$0\.50/);
    expect(within(panel).getByRole('button', { name: 'Boost to $20.05/h' })).toHaveProperty('disabled', true);
  });

  test('a filled shift has no Boost pay; chefs see the Boosted badge in Spanish', async () => {
    const { user } = signedIn('restaurant');
    const filled = makeJob({
      restaurant_id: user.id,
      status: 'filled',
      applications: [],
      seats: { total: 1, booked: 1, open: 0 },
    });
    fakeApi.on('GET', `/jobs/${filled.id}`, { body: { job: filled } });
    renderApp(`/jobs/${filled.id}`);
    await screen.findByRole('button', { name: 'Edit shift' });
    expect(screen.queryByRole('button', { name: 'Boost pay' })).toBeNull();
  });

  test('chefs see the Boosted badge on the job page, in Spanish', async () => {
    signedIn('chef', { language: 'es' });
    const job = makeJob({ hourly_rate: 24, boosted_from_rate: 20, user_applied: false });
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    renderApp(`/jobs/${job.id}`);
    expect((await screen.findByTestId('boosted')).textContent).toMatch(/^Paga aumentada · antes \$20\.00/);
  });
});

describe('post shift: instant book and roster first', () => {
  test('both fields are sent when chosen', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/favorites', {
      body: {
        favorites: [
          {
            id: 'f1',
            chef_profile_id: 'c1',
            chef_profiles: { id: 'c1', name: 'Sam Reyes', skills: ['Line Cook'] },
            stats: { shiftsCompleted: 3, averageRating: 4.7, lastWorked: null },
          },
        ],
      },
    });
    const job = makeJob({ status: 'pending_payment', payment_status: 'pending' });
    fakeApi.on('POST', '/jobs', { status: 201, body: { job } });
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    fireEvent.change(screen.getByLabelText('Start'), {
      target: { value: toLocalInput(new Date(job.start_time)) },
    });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(job.end_time)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    await userEvent.click(screen.getByLabelText('Let reliable chefs book instantly'));
    const window = await screen.findByLabelText('Offer to my favorites first for');
    expect(
      within(window)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No, everyone at once', '15 minutes', '30 minutes', '1 hour', '2 hours', '4 hours']);
    await userEvent.selectOptions(window, '30');
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    await waitFor(() => expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(1));
    expect(fakeApi.callsTo('POST', '/jobs')[0].body).toMatchObject({
      instant_book: true,
      roster_first_minutes: 30,
    });
  });

  test('in Spanish; without favorites there is no roster window to choose', async () => {
    signedIn('restaurant', { language: 'es' });
    renderApp('/jobs/post');
    expect(await screen.findByLabelText('Permitir que chefs confiables reserven al instante')).toBeTruthy();
    expect(screen.queryByLabelText('Ofrecer primero a mis favoritos durante')).toBeNull();
  });
});

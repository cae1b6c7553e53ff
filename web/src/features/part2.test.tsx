import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { id, makeJob, signedIn } from '../../test/signed-in';
import { toLocalInput } from './jobs/validation';

const formBody = (body: unknown) => Object.fromEntries(new URLSearchParams(String(body)));

describe('post shift', () => {
  test('the cost is shown as the form is filled: hours, subtotal, 7% booking fee and total', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    expect(screen.getByText('Choose the start, end and hourly rate to see the cost.')).toBeTruthy();
    const start = new Date(Date.now() + 24 * 3_600_000);
    start.setHours(9, 0, 0, 0);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 5.5 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '18.50' } });
    expect(screen.getByTestId('pay-hours').textContent).toBe('5.5');
    expect(screen.getByTestId('pay-subtotal').textContent).toBe('$101.75');
    expect(screen.getByTestId('pay-fee').textContent).toBe('$7.12');
    expect(screen.getByTestId('pay-total').textContent).toBe('$108.87');
    expect(screen.getByText('Booking fee (7%)')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/10 ?%|90 ?%/);
  });

  test('a declined card shows the spec text, keeps the job, and paying again never posts a second job', async () => {
    signedIn('restaurant');
    const job = makeJob({ status: 'pending_payment', payment_status: 'pending' });
    fakeApi.on('POST', '/jobs', { status: 201, body: { job } });
    let escrowCalls = 0;
    fakeApi.on('POST', '/payments/create-escrow-payment', () =>
      ++escrowCalls === 1
        ? { status: 404, body: { error: 'Job not found or not authorized', code: 'PAYMENTS.JOB_NOT_FOUND' } }
        : {
            body: {
              client_secret: 'pi_123_secret_abc',
              payment_intent_id: 'pi_123',
              amount_cents: 10_700,
              subtotal_cents: 10_000,
              fee_cents: 700,
              currency: 'usd',
            },
          },
    );
    fakeApi.on('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm', (call) =>
      formBody(call.body)['card[number]'] === '4242424242424242'
        ? { body: { id: 'pi_123', status: 'succeeded' } }
        : {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
              },
            },
          },
    );
    let jobStatus = 'pending_payment';
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status: jobStatus } } }));
    const { router } = renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Line Cook');
    fireEvent.change(screen.getByLabelText('Start'), {
      target: { value: toLocalInput(new Date(job.start_time)) },
    });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(job.end_time)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '20' } });
    await userEvent.click(screen.getByLabelText('Urgent'));
    await userEvent.type(screen.getByLabelText('Card number'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card was declined. Please check your card details or try a different card.',
    );
    expect(fakeApi.callsTo('POST', '/jobs')[0].body).toMatchObject({
      title: 'Line Cook',
      hourlyRate: 20,
      emergencyLevel: 'urgent',
      notifyFavorites: [],
    });
    expect(fakeApi.callsTo('POST', '/payments/create-escrow-payment').at(-1)!.body).toEqual({
      job_id: job.id,
      amount: 10_700,
    });
    expect(screen.getByRole('link', { name: 'Pay for this shift' }).getAttribute('href')).toBe(
      `/payments/${job.id}`,
    );

    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    jobStatus = 'open';
    await userEvent.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${job.id}`));
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(1);
    expect(await screen.findByText('Your shift is posted and paid. Chefs can apply now.')).toBeTruthy();
  });

  test('an incomplete card number is refused before anything is sent', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    await screen.findByRole('heading', { name: 'Post Shift' });
    await userEvent.selectOptions(screen.getByLabelText('Position'), 'Dishwasher');
    const start = new Date(Date.now() + 3_600_000);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: toLocalInput(start) } });
    fireEvent.change(screen.getByLabelText('End'), {
      target: { value: toLocalInput(new Date(start.getTime() + 4 * 3_600_000)) },
    });
    fireEvent.change(screen.getByLabelText('Hourly rate ($)'), { target: { value: '90' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post Shift and Pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Hourly rate must be between $15 and $75');
    expect(fakeApi.callsTo('POST', '/jobs')).toHaveLength(0);
  });
});

describe('pay for job', () => {
  test('a failed job can be paid again: insufficient funds first, then Payment Successful!', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id, status: 'payment_failed', payment_status: 'failed' });
    let status = 'payment_failed';
    fakeApi.on('GET', '/jobs/:id', () => ({ body: { job: { ...job, status } } }));
    fakeApi.on('POST', '/payments/create-escrow-payment', {
      body: { client_secret: 'pi_9_secret_x', payment_intent_id: 'pi_9', amount_cents: 10_700 },
    });
    fakeApi.on('POST', '/sandbox/stripe/v1/payment_intents/:id/confirm', (call) =>
      formBody(call.body)['card[number]'] === '4000000000009995'
        ? {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'insufficient_funds',
                message: 'Your card has insufficient funds.',
              },
            },
          }
        : ((status = 'open'), { body: { id: 'pi_9', status: 'succeeded' } }),
    );
    const { router } = renderApp(`/payments/${job.id}`);
    await screen.findByRole('heading', { name: 'Pay for Shift' });
    expect(screen.getByText('The last payment for this shift failed. You can pay again below.')).toBeTruthy();
    expect(screen.getByTestId('pay-total').textContent).toBe('$107.00');
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000009995');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1230');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card has insufficient funds. Please use a different card.',
    );
    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    await screen.findByRole('heading', { name: 'Payment Successful!' });
    expect(
      formBody(fakeApi.callsTo('POST', '/sandbox/stripe/v1/payment_intents/pi_9/confirm')[0].body),
    ).toMatchObject({
      client_secret: 'pi_9_secret_x',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      receipt_email: user.email,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shifts'), { timeout: 5000 });
  });

  test('a job that cannot be loaded is Job Not Found', async () => {
    signedIn('restaurant');
    fakeApi.on('GET', '/jobs/:id', {
      status: 404,
      body: { error: 'Job not found', code: 'JOBS.JOB_NOT_FOUND' },
    });
    renderApp(`/payments/${id()}`);
    await screen.findByRole('heading', { name: 'Job Not Found' });
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});

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
    await screen.findByRole('heading', { name: 'Shifts Available' });
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
});

describe('job detail and applications review', () => {
  test('an unknown job is Job Not Found with Go Back', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/jobs/:id', {
      status: 404,
      body: { error: 'Job not found', code: 'JOBS.JOB_NOT_FOUND' },
    });
    renderApp(`/jobs/${id()}`);
    await screen.findByRole('heading', { name: 'Job Not Found' });
  });

  test('a chef sees Apply only while the job is open and not applied to', async () => {
    signedIn('chef');
    const job = makeJob();
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, user_applied: false } } });
    fakeApi.on('POST', '/jobs/:id/apply', {
      status: 409,
      body: { error: 'This shift has already started', code: 'JOBS.SHIFT_STARTED' },
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for this shift' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This shift has already started');
    expect(screen.getByText('$100.00')).toBeTruthy();
  });

  test('a chef on the applications page sees Access Denied', async () => {
    signedIn('chef');
    renderApp(`/jobs/${id()}/applications`);
    await screen.findByRole('heading', { name: 'Access Denied' });
    expect(screen.getByText("You don't have permission to view these applications")).toBeTruthy();
  });

  test('the owner sees three applicants then a more control, bios cut at 150, three skills, and the chefNeedsStripe text', async () => {
    const { user } = signedIn('restaurant');
    const bio =
      'Grill and sauté for twelve years in busy kitchens across the Twin Cities, from brunch lines to late-night service, always on time and ready to help the team.';
    const applicant = (name: string, i: number) => ({
      id: id('d'),
      job_id: 'j',
      chef_id: id('e'),
      status: 'pending',
      worker_confirmed: null,
      created_at: new Date(Date.now() - i * 60_000).toISOString(),
      chef_profiles: {
        id: id('f'),
        user_id: id('e'),
        name,
        bio,
        skills: ['Line Cook', 'Grill Cook', 'Prep Cook', 'Dishwasher'],
        city: 'Minneapolis',
        average_rating: null,
        total_ratings: 0,
      },
    });
    const job = makeJob({
      restaurant_id: user.id,
      applications: ['Ana', 'Ben', 'Cruz', 'Dee'].map(applicant),
    });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
    fakeApi.on('PATCH', '/applications/:id', {
      status: 400,
      body: {
        error: 'This chef needs to complete Stripe setup to receive payments',
        code: 'JOBS.CHEF_NEEDS_STRIPE',
        chefNeedsStripe: true,
      },
    });
    renderApp(`/jobs/${job.id}/applications`);
    await screen.findByRole('heading', { name: 'Applications' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ana',
      'Ben',
      'Cruz',
    ]);
    const ana = screen.getByRole('heading', { name: 'Ana' }).closest('li')!;
    const shownBio = within(ana).getByText(/^Grill and sauté/).textContent!;
    expect(shownBio.endsWith('…')).toBe(true);
    expect(shownBio.length).toBeLessThanOrEqual(151);
    expect(
      within(ana)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line Cook', 'Grill Cook', 'Prep Cook']);
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 more applicant' }));
    expect(screen.getByRole('heading', { name: 'Dee' })).toBeTruthy();
    await userEvent.click(within(ana).getByRole('button', { name: 'Accept Ana' }));
    expect((await within(ana).findByRole('alert')).textContent).toBe(
      'This chef needs to complete Stripe setup to receive payments',
    );
  });
});

describe('checkout', () => {
  const filled = (overrides = {}) =>
    makeJob({
      status: 'filled',
      start_time: new Date(Date.now() - 60_000).toISOString(),
      end_time: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      ...overrides,
    });

  test('a restaurant rates the chef with the work-completed box, then goes to /my-shifts after 2 s', async () => {
    signedIn('restaurant');
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: filled(),
      chef_profiles: { id: id(), user_id: id(), name: 'Lucía' },
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: { message: 'Checkout recorded. Waiting for the chef.', mutualCheckoutCompleted: false },
    });
    const { router } = renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    expect((screen.getByLabelText('5 stars') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('4 stars'));
    await userEvent.click(screen.getByLabelText('The work was completed'));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByRole('heading', { name: 'Checkout Complete!' });
    expect(screen.getByText('Checkout recorded. Waiting for the chef.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 4,
      workCompleted: false,
      feedback: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shifts'), { timeout: 5000 });
  });

  test('a chef has no work-completed box; the mutual checkout goes to the dashboard', async () => {
    signedIn('chef');
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: filled({ restaurant_checkout_completed: true }),
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    fakeApi.on('POST', '/applications/:id/checkout', {
      body: { message: 'Both sides checked out.', mutualCheckoutCompleted: true },
    });
    const { router } = renderApp(`/checkout/${app.id}`);
    await screen.findByRole('heading', { name: 'Shift Checkout' });
    expect(screen.queryByLabelText('The work was completed')).toBeNull();
    await userEvent.type(screen.getByLabelText('Feedback (optional)'), 'Great team');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Checkout' }));
    await screen.findByText('Both sides have checked out.');
    expect(fakeApi.callsTo('POST', `/applications/${app.id}/checkout`)[0].body).toEqual({
      rating: 5,
      workCompleted: true,
      feedback: 'Great team',
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard/), { timeout: 6000 });
  });

  test('before the shift starts there is nothing to check out yet', async () => {
    signedIn('chef');
    const app = {
      id: id('a'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      job_postings: makeJob({ status: 'filled' }),
    };
    fakeApi.on('GET', '/applications/:id', { body: { application: app } });
    renderApp(`/checkout/${app.id}`);
    expect(await screen.findByText('Checkout opens when the shift starts.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete Checkout' })).toBeNull();
  });
});

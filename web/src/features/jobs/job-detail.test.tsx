import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';

describe('job detail and applications review', () => {
  test('an unknown job is Shift Not Found with Go Back', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/jobs/:id', {
      status: 404,
      body: { error: 'Job not found', code: 'JOBS.JOB_NOT_FOUND' },
    });
    renderApp(`/jobs/${id()}`);
    await screen.findByRole('heading', { name: 'Shift Not Found' });
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

  test("the job page's Directions link opens the maps app on the restaurant's address (issue 32)", async () => {
    signedIn('chef', { language: 'es' });
    const job = makeJob();
    fakeApi.on('GET', '/jobs/:id', {
      body: {
        job: {
          ...job,
          user_applied: false,
          restaurant_profiles: {
            ...job.restaurant_profiles,
            address: '1 Main St, Detroit',
            city: 'Detroit',
            state: 'MI',
            zip: '48216',
          },
        },
      },
    });
    renderApp(`/jobs/${job.id}`);
    const link = await screen.findByRole('link', { name: /Cómo llegar a North Loop Kitchen/ });
    expect(link.textContent).toBe('Cómo llegar');
    // The address already names its city: it is not repeated; the state and ZIP are added.
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Detroit%2C%20MI%2048216',
    );
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

  test('a chef without a profile gets the profile prompt instead of Apply; the restaurant links to its profile', async () => {
    const { user } = signedIn('chef');
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    const job = makeJob();
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, user_applied: false } } });
    renderApp(`/jobs/${job.id}`);
    expect(await screen.findByText('Complete your profile before applying to shifts.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe(
      '/onboarding/worker',
    );
    expect(screen.queryByRole('button', { name: 'Apply for this shift' })).toBeNull();
    expect(screen.getByRole('link', { name: 'North Loop Kitchen' }).getAttribute('href')).toBe(
      `/profile/restaurant/${job.restaurant_profiles.user_id}`,
    );
  });

  test('a chef whose phone is not verified is sent to verify it instead of applying', async () => {
    signedIn('chef', { phoneVerified: false });
    const job = makeJob();
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, user_applied: false } } });
    renderApp(`/jobs/${job.id}`);
    expect(await screen.findByRole('link', { name: 'Verify my phone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply for this shift' })).toBeNull();
  });

  test('a completed, cancelled or expired job offers no Review applications; an open one does', async () => {
    const { user } = signedIn('restaurant');
    for (const status of ['completed', 'cancelled', 'expired', 'open']) {
      const job = makeJob({ restaurant_id: user.id, status, applications: [] });
      fakeApi.on('GET', '/jobs/:id', { body: { job } });
      const { unmount } = renderApp(`/jobs/${job.id}`);
      await screen.findByRole('heading', { name: 'Applicants' });
      expect({ status, review: !!screen.queryByRole('link', { name: 'Review applications' }) }).toEqual({
        status,
        review: status === 'open',
      });
      unmount();
    }
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';

// Issue 32, "the owner sees who is coming": the restaurant's filled shift shows its chef (photo, name,
// reliability, languages) with Message and Call; the confirmed chef can reach the restaurant the same way.
// The phone is the server's to send (Job.contact): the screen shows Call only when it came.

const HOUR = 3_600_000;
const PHONE = '+16125550142';
const PHOTO = '/api/uploads/lucia.png';

afterEach(() => void i18n.changeLanguage('en'));

const chefCard = (chefId: string) => ({
  id: id('f'),
  user_id: chefId,
  name: 'Lucía Gómez',
  bio: 'Parrilla y línea.',
  skills: ['Line Cook'],
  travel_radius: 15,
  profile_image_url: PHOTO,
  city: 'Minneapolis',
  average_rating: 4.8,
  total_ratings: 5,
  languages: ['es', 'en'],
  reliability: {
    completed_shifts: 12,
    late_cancellations: 1,
    no_shows: 0,
    last_90_days: { completed_shifts: 4, late_cancellations: 0, no_shows: 0 },
  },
});

/** A filled shift of this restaurant starting in `startsIn`, its chef confirmed, as GET /jobs/{id} answers it. */
function filledShift(restaurantId: string, startsIn: number, phone: string | null) {
  const chefId = id('e');
  const times = shiftAt(startsIn, 4);
  const start = Date.parse(times.start_time);
  const job = makeJob({
    ...times,
    restaurant_id: restaurantId,
    status: 'filled',
    contact: {
      phone,
      phone_from: new Date(start - 24 * HOUR).toISOString(),
      phone_until: new Date(start + 4 * HOUR + 48 * HOUR).toISOString(),
    },
  });
  const application = {
    id: id('a'),
    job_id: job.id,
    chef_id: chefId,
    status: 'accepted',
    worker_confirmed: true,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    chef_profiles: chefCard(chefId),
  };
  return { job: { ...job, applications: [application] }, application, chefId };
}

describe('the booked chef', () => {
  test('on the restaurant’s shift page within 24 h: photo, name, reliability, languages, Message to the thread and Call', async () => {
    const { user } = signedIn('restaurant');
    const { job, chefId } = filledShift(user.id, 20 * HOUR, PHONE);
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    const { container } = renderApp(`/jobs/${job.id}`);
    const card = await screen.findByRole('region', { name: 'Your chef for this shift' });
    expect(within(card).getByRole('link', { name: 'Lucía Gómez' })).toBeTruthy();
    expect(container.querySelector('[data-testid="booked-chef"] img')!.getAttribute('src')).toBe(PHOTO);
    expect(within(card).getByTestId('reliability').textContent).toContain('12 completed shifts');
    expect(within(card).getByText('Spanish, English')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Message Lucía Gómez' }).getAttribute('href')).toBe(
      `/messages?job=${job.id}&chef=${chefId}`,
    );
    const call = within(card).getByRole('link', { name: 'Call (612) 555-0142 (Lucía Gómez)' });
    expect(call.getAttribute('href')).toBe(`tel:${PHONE}`);
    expect(call.textContent).toBe('Call (612) 555-0142');
  });

  test('more than 24 h before the start there is no Call: the page says when the number shows; no card before the shift is booked', async () => {
    const { user } = signedIn('restaurant');
    const { job } = filledShift(user.id, 30 * HOUR, null);
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    const { unmount } = renderApp(`/jobs/${job.id}`);
    const card = await screen.findByRole('region', { name: 'Your chef for this shift' });
    expect(within(card).queryByRole('link', { name: /^Call/ })).toBeNull();
    expect(within(card).getByText(/^The phone number shows here from /)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Message Lucía Gómez' })).toBeTruthy();
    unmount();

    // A shift the server does not call booked (no contact) has no card.
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, status: 'open', contact: undefined } } });
    renderApp(`/jobs/${job.id}`);
    await screen.findByRole('heading', { name: 'Applicants' });
    expect(screen.queryByRole('region', { name: 'Your chef for this shift' })).toBeNull();
  });

  test('in Spanish: the languages by their Spanish names, Mensaje and Llamar', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    await i18n.changeLanguage('es');
    const { job } = filledShift(user.id, 3 * HOUR, PHONE);
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/jobs/${job.id}`);
    const card = await screen.findByRole('region', { name: 'Tu chef para este turno' });
    expect(within(card).getByText('Español, Inglés')).toBeTruthy();
    expect(within(card).getByText('Habla:')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Enviar un mensaje a Lucía Gómez' }).textContent).toBe(
      'Mensaje',
    );
    expect(
      within(card).getByRole('link', { name: 'Llamar al (612) 555-0142 (Lucía Gómez)' }).textContent,
    ).toBe('Llamar al (612) 555-0142');
  });

  test('My Shifts: the booked shift’s row shows the chef, and Call once the job page’s contact says so', async () => {
    const { user } = signedIn('restaurant');
    const { job, application } = filledShift(user.id, 5 * HOUR, PHONE);
    // lists carry neither the applications nor the contact (JSON drops what is undefined)
    const listed = { ...job, applications: undefined, contact: undefined };
    fakeApi.on('GET', '/jobs', { body: { jobs: [{ ...listed, pending_applications_count: 0 }] } });
    fakeApi.on('GET', '/applications', {
      body: { applications: [{ ...application, job_postings: listed }] },
    });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp('/my-shifts');
    const row = (await screen.findByTestId('booked-chef')).closest('li')!;
    expect(within(row).getByRole('link', { name: 'Lucía Gómez' })).toBeTruthy();
    expect(within(row).getByText('Spanish, English')).toBeTruthy();
    expect(within(row).getByTestId('reliability')).toBeTruthy();
    expect(
      (await within(row).findByRole('link', { name: /^Call .* \(Lucía Gómez\)$/ })).getAttribute('href'),
    ).toBe(`tel:${PHONE}`);
    await waitFor(() => expect(fakeApi.callsTo('GET', `/jobs/${job.id}`).length).toBeGreaterThan(0));
  });

  test('the confirmed chef reaches the restaurant the same way', async () => {
    signedIn('chef');
    const job = makeJob({
      ...shiftAt(2 * HOUR, 4),
      status: 'filled',
      user_applied: true,
      user_application: { id: id('a'), status: 'accepted', worker_confirmed: true },
      contact: {
        phone: '+13135550177',
        phone_from: new Date().toISOString(),
        phone_until: new Date(Date.now() + 60 * HOUR).toISOString(),
      },
    });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/jobs/${job.id}`);
    const card = await screen.findByRole('region', { name: 'Reach North Loop Kitchen' });
    expect(within(card).getByRole('link', { name: 'Message North Loop Kitchen' }).getAttribute('href')).toBe(
      `/messages?job=${job.id}`,
    );
    expect(
      within(card)
        .getByRole('link', { name: 'Call (313) 555-0177 (North Loop Kitchen)' })
        .getAttribute('href'),
    ).toBe('tel:+13135550177');
  });
});

describe('applicant cards', () => {
  test('each applicant shows a photo and the languages spoken', async () => {
    const { user } = signedIn('restaurant');
    const job = makeJob({ restaurant_id: user.id });
    const chefId = id('e');
    const app = {
      ...makeApplication(job, 'pending', null),
      chef_id: chefId,
      chef_profiles: chefCard(chefId),
    };
    const { job_postings: _jp, ...ofJob } = app;
    fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, applications: [ofJob] } } });
    fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
    const { container } = renderApp(`/jobs/${job.id}/applications`);
    const card = (await screen.findByRole('heading', { name: 'Lucía Gómez' })).closest('li')!;
    expect(within(card).getByText('Spanish, English')).toBeTruthy();
    expect(container.querySelector('li.applicant img')!.getAttribute('src')).toBe(PHOTO);
  });
});

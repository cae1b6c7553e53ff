// Issue 32: a chef cannot hold two shifts at once. Applying stays possible, but the openings and the job page warn
// "you are booked" (the openings from the chef's own applications poll, beside the list every chef of a place
// shares; the job page from its own answer), and a refused acceptance or confirmation says when the chef is
// booked: to the chef which shift, to the restaurant only the time.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Tomorrow at hh:mm in Minneapolis (America/Chicago), as an ISO instant. */
function minneapolis(hh: number, mm: number): string {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + 24 * HOUR),
  );
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Chicago',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const offset of [5, 6]) {
    const at = new Date(Date.parse(`${ymd}T${pad(hh)}:${pad(mm)}:00.000Z`) + offset * HOUR);
    if (clock.format(at) === `${pad(hh)}:${pad(mm)}`) return at.toISOString();
  }
  throw new Error('no such time in Minneapolis');
}
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Loop Diner's 8:53 - 12:53 Line Cook shift the chef holds, as their applications poll carries it. */
const held = {
  job_id: id('h'),
  title: 'Line Cook',
  restaurant_name: 'Loop Diner',
  city: 'Minneapolis',
  start_time: minneapolis(8, 53),
  end_time: plus(minneapolis(8, 53), 240),
  confirmed: true,
  busy_from: plus(minneapolis(8, 53), -30),
  busy_until: plus(minneapolis(8, 53), 270),
};

function openings() {
  const clash = makeJob({
    title: 'Prep Cook',
    start_time: minneapolis(8, 55),
    end_time: plus(minneapolis(8, 55), 180),
  });
  // 13:23 - 17:23: starts exactly 30 minutes after the held shift ends (SHIFT_GAP): it fits.
  const after = makeJob({
    title: 'Dishwasher',
    start_time: minneapolis(13, 23),
    end_time: plus(minneapolis(13, 23), 240),
  });
  fakeApi.on('GET', '/jobs', { body: { jobs: [clash, after], total: 2 } });
  fakeApi.on('GET', '/applications', { body: { applications: [], total: 0, booked: [held] } });
  renderApp('/openings');
  return { clash, after };
}
const card = async (title: RegExp) => (await screen.findByRole('heading', { name: title })).closest('li')!;

test('an opening that clashes with a shift the chef holds says "you are booked", with its time; applying stays possible', async () => {
  signedIn('chef');
  openings();
  const clashing = await card(/Prep Cook/);
  expect((await within(clashing).findByTestId('booked-warning')).textContent).toMatch(
    /^⚠ You are booked 8:53\sAM – 12:53\sPM( C[SD]T)?: Line Cook at Loop Diner$/,
  );
  expect(within(clashing).getByRole('button', { name: 'Apply Now' })).toBeTruthy();
  // SHIFT_GAP apart exactly: no warning.
  expect(within(await card(/Dishwasher/)).queryByTestId('booked-warning')).toBeNull();
  // The list asked is the shared one: the warning came from the chef's own applications.
  expect(fakeApi.callsTo('GET', '/jobs').at(-1)!.query).toMatchObject({ shared: '1' });
});

test('in Spanish: "Ya tienes un turno a esa hora"', async () => {
  signedIn('chef', { language: 'es' });
  openings();
  const clashing = await card(/Ayudante de preparación/);
  expect((await within(clashing).findByTestId('booked-warning')).textContent).toMatch(
    /^⚠ Ya tienes un turno a esa hora \(8:53.*12:53.*\): Cocinero de línea en Loop Diner$/,
  );
});

test("the job page warns from the job's own answer", async () => {
  signedIn('chef');
  const clash = makeJob({ start_time: minneapolis(8, 55), end_time: plus(minneapolis(8, 55), 180) });
  fakeApi.on('GET', '/jobs/:id', { body: { job: { ...clash, user_applied: false, booked_conflict: held } } });
  renderApp(`/jobs/${clash.id}`);
  expect((await screen.findByTestId('booked-warning')).textContent).toMatch(
    /^⚠ You are booked 8:53\sAM – 12:53\sPM( C[SD]T)?: Line Cook at Loop Diner$/,
  );
  expect(screen.getByRole('button', { name: 'Apply for this shift' })).toBeTruthy();
  expect(fakeApi.callsTo('GET', '/applications')).toHaveLength(0);
});

test('a job page with no clash shows no warning', async () => {
  signedIn('chef');
  const free = makeJob();
  fakeApi.on('GET', '/jobs/:id', { body: { job: { ...free, user_applied: false, booked_conflict: null } } });
  renderApp(`/jobs/${free.id}`);
  await screen.findByRole('button', { name: 'Apply for this shift' });
  expect(screen.queryByTestId('booked-warning')).toBeNull();
});

test('a restaurant whose acceptance is refused reads that the chef is booked then, and never where', async () => {
  const { user } = signedIn('restaurant');
  const applicant = makeApplication(makeJob(), 'pending', null);
  const job = makeJob({
    restaurant_id: user.id,
    applications: [{ ...applicant, chef_profiles: { ...applicant.chef_profiles, skills: [], bio: '' } }],
  });
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  fakeApi.on('PATCH', '/applications/:id', {
    status: 409,
    body: {
      error: 'This chef is already booked at that time (...), so they cannot take this shift.',
      code: 'JOBS.OVERLAPPING_SHIFT',
      booked: { start_time: held.start_time, end_time: held.end_time, time_zone: 'America/Chicago' },
    },
  });
  renderApp(`/jobs/${job.id}/applications`);
  const row = (await screen.findByRole('heading', { name: 'Lucía' })).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Accept Lucía' }));
  const said = (await within(row).findByRole('alert')).textContent!;
  expect(said).toMatch(
    /^This chef is already booked at that time \(\w{3}, \w{3} \d{1,2}, 8:53\sAM – 12:53\sPM C[SD]T\), so they cannot take this shift\.$/,
  );
  expect(said).not.toContain('Loop Diner');
});

test('a chef whose confirmation is refused reads which shift holds the time and when', async () => {
  signedIn('chef');
  const app = makeApplication(
    makeJob({ status: 'open', start_time: minneapolis(8, 55), end_time: plus(minneapolis(8, 55), 180) }),
    'accepted',
    null,
  );
  fakeApi.on('GET', '/applications', { body: { applications: [app], total: 1, booked: [held] } });
  fakeApi.on('POST', '/applications/:id/confirm', {
    status: 409,
    body: {
      error: 'You are already booked at that time: ...',
      code: 'JOBS.OVERLAPPING_SHIFT',
      booked: { ...held, time_zone: 'America/Chicago' },
    },
  });
  renderApp('/my-shifts');
  await userEvent.click(await screen.findByRole('button', { name: /^Confirm$/ }));
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /^You are already booked at that time: Line Cook at Loop Diner, \w{3}, \w{3} \d{1,2}, 8:53\sAM – 12:53\sPM C[SD]T\.$/,
  );
});

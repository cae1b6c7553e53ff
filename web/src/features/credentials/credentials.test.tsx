// Issue 39: a chef's credentials on the web. The Credentials page lists each with its status, date and why it was
// refused, and adds one (a phone's photo or a PDF) after checking what it can before sending; the job page of a
// shift that requires one says what is missing and links to add it; Post Shift sends the required ones; the
// badges show on the profile and on applicant cards; the console's queue verifies, and rejects with a reason.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn, id } from '../../../test/signed-in';
import { signedInOperator } from '../ops/fixtures';
import { draftProblem, EMPTY_DRAFT, todayFor } from './credentialForm';
import type { Credential } from './credentialsApi';

const DAY = 86_400_000;
const dayIn = (days: number) => todayFor('Minneapolis', new Date(Date.now() + days * DAY));

function credential(overrides: Partial<Credential> = {}): Credential {
  return {
    id: id('c'),
    type: 'food_handler',
    number: 'FH-2231',
    issuer: 'Hennepin County',
    expires_on: '2027-06-30',
    status: 'pending',
    file_url: '/api/credential-files/token',
    file_type: 'image/jpeg',
    reason: null,
    created_at: new Date().toISOString(),
    decided_at: null,
    ...overrides,
  };
}

const photo = (bytes = 2_000, type = 'image/jpeg') => new File([new Uint8Array(bytes)], 'card.jpg', { type });

describe('the form checks what it can before sending', () => {
  const today = '2026-12-01';
  const full = { ...EMPTY_DRAFT, type: 'food_handler' as const, expires_on: '2027-06-30', file: photo() };
  test.each([
    ['no type', { type: '' as const }, 'errors.type'],
    ['no date', { expires_on: '' }, 'errors.date'],
    ['today', { expires_on: today }, 'errors.pastDate'],
    ['yesterday', { expires_on: '2026-11-30' }, 'errors.pastDate'],
    ['no file', { file: null }, 'errors.file'],
    ['6 MB', { file: photo(6 * 1024 * 1024) }, 'errors.fileTooLarge'],
    [
      'a program',
      { file: new File(['MZ'], 'card.pdf', { type: 'application/x-msdownload' }) },
      'errors.fileType',
    ],
    ['a photo', {}, null],
    ['a PDF', { file: new File(['%PDF'], 'card.pdf', { type: 'application/pdf' }) }, null],
  ])('%s: %s', (_name, change, problem) => {
    expect(draftProblem({ ...full, ...change }, today)).toBe(problem);
  });
});

describe('Credentials (chef)', () => {
  test('lists each with its status, expiry and why it was refused, with its file', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/credentials', {
      body: {
        credentials: [
          credential({ status: 'verified', decided_at: new Date().toISOString() }),
          credential({
            type: 'alcohol_server',
            status: 'rejected',
            reason: 'The photo is blurry',
            file_type: 'application/pdf',
          }),
        ],
      },
    });
    renderApp('/credentials');
    const items = await screen.findAllByTestId('credential-item');
    expect(within(items[0]).getByRole('heading', { name: 'Food handler card' })).toBeTruthy();
    expect(within(items[0]).getByTestId('credential-status').textContent).toContain('Verified');
    expect(items[0].textContent).toContain('Expires Jun 30, 2027');
    expect(within(items[1]).getByTestId('credential-status').textContent).toContain('Not accepted');
    expect(within(items[1]).getByTestId('credential-reason').textContent).toContain('The photo is blurry');
    expect(within(items[1]).getByRole('link', { name: 'View the file' }).getAttribute('href')).toBe(
      '/api/credential-files/token',
    );
  });

  test('adds a photo from the phone: accepts images and PDFs, refuses a past date before sending, then sends the form', async () => {
    signedIn('chef');
    let sent: FormData | null = null;
    fakeApi.on('GET', '/credentials', () => ({ body: { credentials: sent ? [credential()] : [] } }));
    fakeApi.on('POST', '/credentials', (call) => {
      sent = call.body as FormData;
      return { status: 201, body: { credential: credential() } };
    });
    renderApp('/credentials');
    const user = userEvent.setup();
    expect(await screen.findByText('You have not added a credential yet.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Credential'), 'food_handler');
    await user.type(screen.getByLabelText('Number (optional)'), 'FH-2231');
    const file = screen.getByLabelText('Photo or PDF of it');
    expect(file.getAttribute('accept')).toBe('image/*,application/pdf');
    await user.upload(file, photo());
    await user.type(screen.getByLabelText('Expiry date'), dayIn(-2));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('The expiry date must be after today.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/credentials')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Expiry date'));
    await user.type(screen.getByLabelText('Expiry date'), dayIn(400));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/Sent for review/)).toBeTruthy();
    const form = sent as unknown as FormData;
    expect(form.get('type')).toBe('food_handler');
    expect(form.get('number')).toBe('FH-2231');
    expect(form.get('expires_on')).toBe(dayIn(400));
    expect((form.get('file') as File).name).toBe('card.jpg');
    expect(await screen.findByTestId('credential-item')).toBeTruthy();
  });

  test("the server's refusal is said in the reader's language", async () => {
    signedIn('chef', { language: 'es' });
    fakeApi.on('GET', '/credentials', { body: { credentials: [] } });
    fakeApi.on('POST', '/credentials', {
      status: 415,
      body: { error: 'The file must be a photo', code: 'IDENTITY.CREDENTIAL_FILE_TYPE' },
    });
    renderApp('/credentials');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Credencial'), 'food_handler');
    await user.upload(
      screen.getByLabelText('Foto o PDF'),
      new File(['MZ'], 'card.pdf', { type: 'application/pdf' }),
    );
    await user.type(screen.getByLabelText('Fecha de vencimiento'), dayIn(30));
    await user.click(screen.getByRole('button', { name: 'Enviar para revisión' }));
    expect(
      await screen.findByText('El archivo debe ser una foto (JPEG, PNG, WebP o HEIC) o un PDF.'),
    ).toBeTruthy();
  });
});

describe('a shift that requires credentials', () => {
  test('a chef without one sees what is missing and the way to add it, and no Apply', async () => {
    signedIn('chef');
    const job = makeJob({ required_credentials: ['food_handler'], missing_credentials: ['food_handler'] });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/jobs/${job.id}`);
    expect((await screen.findByTestId('required-credentials-fact')).textContent).toContain(
      'Food handler card',
    );
    const notice = screen.getByTestId('missing-credentials');
    expect(notice.textContent).toContain('This shift requires credentials you do not have verified yet:');
    expect(
      within(notice).getByRole('link', { name: 'Add them on your Credentials page' }).getAttribute('href'),
    ).toBe('/credentials');
    expect(screen.queryByRole('button', { name: /apply/i })).toBeNull();
  });

  test('a chef who holds it applies as usual', async () => {
    signedIn('chef');
    const job = makeJob({ required_credentials: ['food_handler'], missing_credentials: [] });
    fakeApi.on('GET', '/jobs/:id', { body: { job } });
    renderApp(`/jobs/${job.id}`);
    expect(await screen.findByRole('button', { name: /apply/i })).toBeTruthy();
    expect(screen.queryByTestId('missing-credentials')).toBeNull();
  });

  test('Post Shift sends the credentials the restaurant ticks', async () => {
    signedIn('restaurant');
    renderApp('/jobs/post');
    const user = userEvent.setup();
    const box = await screen.findByTestId('required-credentials');
    await user.click(within(box).getByLabelText('Alcohol server certificate'));
    await user.click(within(box).getByLabelText('Food handler card'));
    const { jobBodyOf } = await import('../jobs/postBodies');
    expect(
      jobBodyOf({
        title: 'Bartender',
        start: '2026-12-04T17:00',
        end: '2026-12-04T22:00',
        hourlyRate: '22',
        emergencyLevel: 'normal',
        notifyFavorites: [],
        breakMinutes: '0',
        headcount: '1',
        requiredCredentials: ['food_handler', 'alcohol_server'],
      }).required_credentials,
    ).toEqual(['food_handler', 'alcohol_server']);
    expect((within(box).getByLabelText('Food handler card') as HTMLInputElement).checked).toBe(true);
  });
});

describe('badges', () => {
  test("a chef's profile shows the verified credentials", async () => {
    signedIn('restaurant');
    const chefId = id('e');
    fakeApi.on('GET', '/profiles/chef/:id', {
      body: {
        profile: {
          id: chefId,
          user_id: id('f'),
          name: 'Ana Ruiz',
          bio: 'Line cook',
          city: 'Minneapolis',
          state: 'MN',
          latitude: 44.97,
          longitude: -93.26,
          travel_radius: 15,
          skills: ['Line Cook'],
          availability: {},
          profile_image_url: null,
          hourly_rate_min: null,
          average_rating: null,
          total_ratings: 0,
          languages: ['es'],
          reliability: {
            completed_shifts: 0,
            late_cancellations: 0,
            no_shows: 0,
            last_90_days: { completed_shifts: 0, late_cancellations: 0, no_shows: 0 },
          },
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          verified_credentials: ['food_handler', 'allergen_awareness'],
        },
      },
    });
    renderApp(`/profile/chef/${chefId}`);
    const badges = await screen.findByTestId('credential-badges');
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓ Food handler card', '✓ Allergen awareness certificate']);
    expect(badges.getAttribute('aria-label')).toBe('Verified credentials');
  });
});

describe('the console queue', () => {
  const queued = (overrides: Record<string, unknown> = {}) => ({
    ...credential(),
    chef_id: id('e'),
    chef_name: 'Ana Ruiz',
    chef_email: 'ana@example.com',
    ...overrides,
  });

  test('shows the photo and verifies it; rejecting asks for the reason first', async () => {
    signedInOperator();
    let status = 'pending';
    const first = queued();
    fakeApi.on('POST', `/ops/credentials/${first.id}/verify`, () => {
      status = 'verified';
      return { body: { credential: queued({ id: first.id, status: 'verified' }) } };
    });
    fakeApi.on('GET', '/ops/credentials', (call) => ({
      body: {
        credentials:
          call.query.status === 'pending' && status === 'pending'
            ? [first, queued({ id: id('c'), type: 'alcohol_server', chef_name: 'Bo Lee' })]
            : [],
      },
    }));
    let rejected: unknown = null;
    fakeApi.on('POST', '/ops/credentials/:id/reject', (call) => {
      rejected = call.body;
      return { body: { credential: queued({ status: 'rejected' }) } };
    });
    renderApp('/ops/credentials');
    const user = userEvent.setup();
    const cards = await screen.findAllByTestId('queued-credential');
    expect(within(cards[0]).getByRole('img', { name: 'The file Ana Ruiz sent' }).getAttribute('src')).toBe(
      '/api/credential-files/token',
    );
    expect(within(cards[0]).getByRole('link', { name: 'Ana Ruiz' }).getAttribute('href')).toBe(
      `/ops/users/${first.chef_id}`,
    );
    await user.click(within(cards[1]).getByRole('button', { name: 'Reject…' }));
    await user.click(within(cards[1]).getByRole('button', { name: 'Reject and text the chef' }));
    expect(await within(cards[1]).findByText('Please give a reason.')).toBeTruthy();
    await user.type(
      within(cards[1]).getByLabelText('Why is the credential of Bo Lee rejected?'),
      'The photo is blurry',
    );
    await user.click(within(cards[1]).getByRole('button', { name: 'Reject and text the chef' }));
    await waitFor(() => expect(rejected).toEqual({ reason: 'The photo is blurry' }));

    await user.click(
      within(cards[0]).getByRole('button', { name: 'Verify the Food handler card of Ana Ruiz' }),
    );
    expect(
      await screen.findByText('Verified: Food handler card of Ana Ruiz. The chef is texted.'),
    ).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/ops/credentials/${first.id}/verify`)).toHaveLength(1);
  });
});

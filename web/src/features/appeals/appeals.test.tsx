// Issue 39: a chef's or a restaurant's record at /record: each mark with why it is there, its date, the shift it
// is about (linked) and whether it counts; "Appeal" until the deadline (shown, with what it costs: nothing), the
// statement sent as { mark_id, statement }; an appeal's standing and the operator's note; "1 removed on appeal",
// also on profiles. English and Spanish.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { id, signedIn } from '../../../test/signed-in';
import type { Mark, MarksResponse } from './appealsApi';

afterEach(() => void i18n.changeLanguage('en'));

const DAY = 86_400_000;

function makeMark(overrides: Partial<Mark> = {}): Mark {
  const at = new Date(Date.now() - 2 * DAY).toISOString();
  return {
    id: id('m'),
    kind: 'no_show',
    job_id: id('b'),
    at,
    status: 'counts',
    reason: 'checkout_not_worked',
    job: {
      title: 'Line Cook',
      start_time: new Date(Date.now() - 3 * DAY).toISOString(),
      end_time: new Date(Date.now() - 3 * DAY + 5 * 3_600_000).toISOString(),
    },
    appeal_until: new Date(Date.parse(at) + 14 * DAY).toISOString(),
    appeal_refusal: null,
    appeal: null,
    ...overrides,
  };
}

const answer = (marks: Mark[], removed = 0): MarksResponse => ({
  marks,
  removed_on_appeal: removed,
  appeal_window_ms: 14 * DAY,
});

test('a chef reads a no-show with its reason, date and shift, and appeals it before the deadline', async () => {
  signedIn('chef');
  const mark = makeMark();
  let current = answer([mark]);
  fakeApi.on('GET', '/reliability/me', () => ({ body: current }));
  fakeApi.on('POST', '/reliability/appeals', (call) => {
    const body = call.body as { mark_id: string; statement: string };
    const appealed = {
      ...mark,
      appeal_refusal: 'JOBS.ALREADY_APPEALED',
      appeal: {
        id: id('p'),
        mark_id: body.mark_id,
        statement: body.statement,
        status: 'pending' as const,
        created_at: new Date().toISOString(),
        decided_at: null,
        note: null,
      },
    };
    current = answer([appealed]);
    return { status: 201, body: { mark: appealed } };
  });
  renderApp('/record');
  expect(await screen.findByRole('heading', { level: 1, name: 'My record' })).toBeTruthy();
  expect(await screen.findByText(/You can appeal a mark within 14 days of it/)).toBeTruthy();
  expect(screen.getByText(/An appeal costs nothing/)).toBeTruthy();
  const card = await screen.findByTestId('mark');
  expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('No-show Counts');
  expect(within(card).getByTestId('mark-reason').textContent).toBe(
    'At checkout the restaurant said the shift was not worked, and you did not answer by the deadline.',
  );
  expect(within(card).getByTestId('mark-shift').getAttribute('href')).toBe(`/jobs/${mark.job_id}`);
  expect(within(card).getByTestId('mark-shift').textContent).toMatch(/^Line Cook · /);
  expect(within(card).getByText(/You can appeal this mark until/)).toBeTruthy();

  await userEvent.click(within(card).getByRole('button', { name: 'Appeal' }));
  const form = screen.getByTestId('appeal-form');
  expect(within(form).getByText(/An appeal costs nothing\. Send it by .+; you are texted/)).toBeTruthy();
  await userEvent.click(within(form).getByRole('button', { name: 'Send appeal' }));
  expect(within(form).getByText('Please write your statement.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/reliability/appeals')).toHaveLength(0);
  await userEvent.type(within(form).getByLabelText('Your statement'), '  The door was locked.  ');
  await userEvent.click(within(form).getByRole('button', { name: 'Send appeal' }));
  await waitFor(() => expect(fakeApi.callsTo('POST', '/reliability/appeals')).toHaveLength(1));
  expect(fakeApi.callsTo('POST', '/reliability/appeals')[0].body).toEqual({
    mark_id: mark.id,
    statement: 'The door was locked.',
  });
  expect(await screen.findByText(/Appeal sent on .+: waiting for an operator's decision\./)).toBeTruthy();
  expect(screen.queryByTestId('appeal-form')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
});

test('a refused appeal shows why, from its code', async () => {
  signedIn('chef');
  fakeApi.on('GET', '/reliability/me', { body: answer([makeMark()]) });
  fakeApi.on('POST', '/reliability/appeals', {
    status: 409,
    body: { error: 'The time to appeal this mark has passed', code: 'JOBS.APPEAL_WINDOW_CLOSED' },
  });
  renderApp('/record');
  await userEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
  await userEvent.type(screen.getByLabelText('Your statement'), 'Late, sorry.');
  await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
  expect((await screen.findByRole('alert')).textContent).toBe('The time to appeal this mark has passed.');
});

test('a mark removed on appeal: "1 removed on appeal", its status and the operator’s note', async () => {
  signedIn('chef');
  const removed = makeMark({
    status: 'removed',
    appeal_refusal: 'JOBS.MARK_REMOVED',
    appeal: {
      id: id('p'),
      mark_id: 'x',
      statement: 'The door was locked.',
      status: 'removed',
      created_at: new Date(Date.now() - DAY).toISOString(),
      decided_at: new Date().toISOString(),
      note: {
        text: 'The back door was locked.',
        language: 'en',
        translated_text: null,
        translated_language: null,
      },
    },
  });
  const closed = makeMark({
    kind: 'late_cancellation',
    reason: 'cancelled_late',
    at: new Date(Date.now() - 20 * DAY).toISOString(),
    appeal_until: new Date(Date.now() - 6 * DAY).toISOString(),
    appeal_refusal: 'JOBS.APPEAL_WINDOW_CLOSED',
  });
  fakeApi.on('GET', '/reliability/me', { body: answer([removed, closed], 1) });
  renderApp('/record');
  expect((await screen.findByTestId('record-removed-on-appeal')).textContent).toBe('1 removed on appeal');
  const [first, second] = screen.getAllByTestId('mark');
  expect(within(first).getByTestId('mark-status').textContent).toBe('Removed on appeal');
  expect(
    within(first).getByText(/Appeal accepted on .+: the mark was removed and no longer counts\./),
  ).toBeTruthy();
  expect(within(first).getByTestId('appeal-note').textContent).toBe('The back door was locked.');
  expect(within(second).getByRole('heading', { level: 2 }).textContent).toBe('Late cancellation Counts');
  expect(within(second).getByTestId('mark-appeal-closed').textContent).toMatch(
    /^The time to appeal this mark ended on /,
  );
  expect(within(second).queryByRole('button', { name: 'Appeal' })).toBeNull();
});

test('a restaurant in Spanish: its late cancellation, a kept appeal and the note translated', async () => {
  signedIn('restaurant', { language: 'es' });
  const kept = makeMark({
    kind: 'late_cancellation',
    reason: 'sent_home',
    appeal_refusal: 'JOBS.ALREADY_APPEALED',
    appeal: {
      id: id('p'),
      mark_id: 'x',
      statement: 'El chef llegó tarde.',
      status: 'kept',
      created_at: new Date(Date.now() - DAY).toISOString(),
      decided_at: new Date().toISOString(),
      note: {
        text: 'The chef clocked in on time.',
        language: 'en',
        translated_text: 'El chef marcó la entrada a tiempo.',
        translated_language: 'es',
      },
    },
  });
  fakeApi.on('GET', '/reliability/me', { body: answer([kept]) });
  renderApp('/record');
  expect(await screen.findByRole('heading', { level: 1, name: 'Mi historial' })).toBeTruthy();
  expect(await screen.findByText(/Apelar no cuesta nada/)).toBeTruthy();
  const card = await screen.findByTestId('mark');
  expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Cancelación tardía Vigente');
  expect(within(card).getByTestId('mark-reason').textContent).toBe(
    'Mandaste al chef a casa: cuenta como una cancelación tardía.',
  );
  expect(
    within(card).getByText(/Apelación revisada el .+: la marca se mantiene en tu historial\./),
  ).toBeTruthy();
  expect(within(card).getByTestId('appeal-note').textContent).toBe('El chef marcó la entrada a tiempo.');
  expect(within(card).getByText(/Traducido del inglés/)).toBeTruthy();
});

test('no marks: the record says so; the account menu and the profile lead to it', async () => {
  signedIn('restaurant');
  fakeApi.on('GET', '/reliability/me', { body: answer([]) });
  const { router } = renderApp('/profile/me');
  await userEvent.click(await screen.findByRole('link', { name: /My record: each mark/ }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/record'));
  expect(await screen.findByText('No late cancellations or lost disputes on your record.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: /Account/ }));
  expect(screen.getByRole('link', { name: 'My record' }).getAttribute('href')).toBe('/record');
});

test('a chef’s profile says how many marks were removed on appeal', async () => {
  signedIn('restaurant');
  const record = {
    completed_shifts: 3,
    late_cancellations: 0,
    no_shows: 0,
    last_90_days: { completed_shifts: 3, late_cancellations: 0, no_shows: 0 },
    removed_on_appeal: 1,
  };
  const profile = { ...chefProfile(makeUser('chef')), reliability: record };
  fakeApi.on('GET', `/profiles/chef/${profile.id}`, { body: { profile } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  renderApp(`/profile/chef/${profile.id}`);
  const section = (await screen.findByRole('heading', { name: 'Reliability' })).closest('section')!;
  expect(within(section).getByTestId('removed-on-appeal').textContent).toBe('1 removed on appeal');
});

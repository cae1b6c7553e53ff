// The member side of a dispute (issue 17): both parties see the statements (original, translation on demand),
// add their own while it is open, and read the operator's decision and note once decided.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import type { DisputeStatement, JobDispute } from './jobsApi';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

const HOUR = 3_600_000;
const at = new Date(Date.now() - 20 * HOUR).toISOString();

const chefStatement = {
  id: id('d'),
  author_id: id('e'),
  author_side: 'chef' as const,
  text: 'Llegué a las seis y trabajé hasta el cierre.',
  language: 'es' as const,
  translated_text: 'I arrived at six and worked until closing.',
  translated_language: 'en' as const,
  created_at: at,
};

function disputedJob(restaurantId: string, resolution: JobDispute['resolution'] = null) {
  const dispute: JobDispute = {
    status: resolution ? 'resolved' : 'open',
    opened_at: at,
    statements: [chefStatement],
    statements_max: 10,
    statements_left: resolution ? 0 : 10,
    resolution,
  };
  const job = makeJob({
    restaurant_id: restaurantId,
    status: resolution ? 'completed' : 'disputed',
    ...shiftAt(-30 * HOUR, 5),
    applications: [],
  });
  return { ...job, dispute };
}

/** The chef's statement in English, which no translator translated. */
const untranslatedEnglish = (text: string): DisputeStatement => ({
  ...chefStatement,
  text,
  language: 'en',
  translated_text: null,
  translated_language: null,
});

/** GET /jobs/{id} answers the job with this one statement. */
function withOneStatement(job: ReturnType<typeof disputedJob>, statement: DisputeStatement) {
  fakeApi.on('GET', `/jobs/${job.id}`, {
    body: { job: { ...job, dispute: { ...job.dispute, statements: [statement] } } },
  });
}

const decision = {
  chef_pay_cents: 6_000,
  fee_cents: 420,
  refund_cents: 4_280,
  note: 'The chef arrived two hours late.',
  resolved_at: new Date().toISOString(),
};

describe('the dispute panel on the job page', () => {
  test('the restaurant reads the chef statement (translation on demand) and adds its own', async () => {
    const { user } = signedIn('restaurant');
    let job = disputedJob(user.id);
    fakeApi.on('GET', `/jobs/${job.id}`, () => ({ body: { job } }));
    fakeApi.on('POST', `/jobs/${job.id}/dispute`, (call) => {
      const statement: DisputeStatement = {
        id: id('d'),
        author_id: user.id,
        author_side: 'restaurant',
        text: (call.body as { statement: string }).statement,
        language: 'en',
        translated_text: null,
        translated_language: null,
        created_at: new Date().toISOString(),
      };
      job = { ...job, dispute: { ...job.dispute, statements: [chefStatement, statement] } };
      return { body: { statement, job } };
    });
    renderApp(`/jobs/${job.id}`);
    const panel = await screen.findByTestId('dispute-panel');
    expect(within(panel).getByRole('heading', { name: 'Dispute' })).toBeTruthy();
    expect(within(panel).getByText(/A Brigade operator is reviewing this shift/)).toBeTruthy();
    const statement = within(panel).getByTestId('dispute-statement');
    expect(within(statement).getByText(/^The chef's statement/)).toBeTruthy();
    // translated into the reader's language, and marked so
    expect(within(statement).getByText('I arrived at six and worked until closing.')).toBeTruthy();
    expect(within(statement).getByTestId('translation-mark').textContent).toBe(
      'Translated from Spanish · Show original',
    );
    await userEvent.click(within(statement).getByRole('button', { name: 'Show original' }));
    expect(
      within(statement).getByText('Llegué a las seis y trabajé hasta el cierre.').getAttribute('lang'),
    ).toBe('es');
    await userEvent.click(within(statement).getByRole('button', { name: 'Show translation' }));
    expect(within(statement).getByText('I arrived at six and worked until closing.')).toBeTruthy();

    const box = within(panel).getByLabelText('Add a statement for the operator');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add statement' }));
    expect(within(panel).getByText('Please write your statement.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/dispute`)).toHaveLength(0);
    await userEvent.type(box, '  They came at eight, not six.  ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add statement' }));
    expect(await within(panel).findByText('Your statement was added.')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/dispute`)[0].body).toEqual({
      statement: 'They came at eight, not six.',
    });
    expect(await within(panel).findByText('They came at eight, not six.')).toBeTruthy();
    expect(within(panel).getAllByTestId('dispute-statement')[1].textContent).toMatch(/^Your statement/);
    // one's own statement carries no mark
    expect(
      within(within(panel).getAllByTestId('dispute-statement')[1]).queryByTestId('translation-mark'),
    ).toBeNull();
  });

  test('a statement the server refuses shows its error in place', async () => {
    const { user } = signedIn('restaurant');
    const job = disputedJob(user.id);
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/dispute`, {
      status: 409,
      body: { error: 'This dispute is already decided', code: 'JOB.INVALID_TRANSITION' },
    });
    renderApp(`/jobs/${job.id}`);
    await userEvent.type(await screen.findByLabelText('Add a statement for the operator'), 'Late.');
    await userEvent.click(screen.getByRole('button', { name: 'Add statement' }));
    expect(await screen.findByText('This dispute is already decided')).toBeTruthy();
  });

  test("once decided, the chef sees what each side got and the operator's note, and no form", async () => {
    signedIn('chef');
    const job = {
      ...disputedJob(id('c'), decision),
      user_applied: true,
      user_application: makeApplication(makeJob(), 'accepted', true),
    };
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    renderApp(`/jobs/${job.id}`);
    const panel = await screen.findByTestId('dispute-panel');
    const row = (term: string) =>
      within(panel).getByText(term).closest('div')!.querySelector('dd')!.textContent;
    // her own screen speaks to her (issue 32): "Paid to you", not "Paid to the chef"
    expect(row('Paid to you')).toBe('$60.00');
    expect(within(panel).queryByText('Paid to the chef')).toBeNull();
    expect(row("Back to the restaurant's card")).toBe('$42.80');
    expect(row('Kept by Brigade')).toBe('$4.20');
    expect(within(panel).getByTestId('dispute-note').textContent).toBe('The chef arrived two hours late.');
    expect(within(panel).getByText(/^Your statement/)).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  test('in Spanish: the decision with its note, and the statement form', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const decided = disputedJob(user.id, decision);
    const open = disputedJob(user.id);
    fakeApi.on('GET', `/jobs/${decided.id}`, { body: { job: decided } });
    fakeApi.on('GET', `/jobs/${open.id}`, { body: { job: open } });
    const { unmount } = renderApp(`/jobs/${decided.id}`);
    const panel = await screen.findByTestId('dispute-panel');
    expect(within(panel).getByRole('heading', { name: 'Disputa' })).toBeTruthy();
    expect(within(panel).getByText(/^Un operador decidió esta disputa el /)).toBeTruthy();
    expect(within(panel).getByText('Nota del operador')).toBeTruthy();
    expect(within(panel).getByText('Pagado al chef')).toBeTruthy();
    expect(within(panel).getByText(/^La declaración del chef/)).toBeTruthy();
    unmount();

    renderApp(`/jobs/${open.id}`);
    expect(await screen.findByLabelText('Añadir una declaración para el operador')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir declaración' })).toBeTruthy();
    // the chef wrote in Spanish: a Spanish reader reads it as written, with no mark
    expect(screen.getByText('Llegué a las seis y trabajé hasta el cierre.')).toBeTruthy();
    expect(screen.queryByTestId('translation-mark')).toBeNull();
  });

  test('in Spanish, a statement in English that no translator translated says "Sin traducir"', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const job = disputedJob(user.id);
    withOneStatement(job, untranslatedEnglish('I arrived at six.'));
    renderApp(`/jobs/${job.id}`);
    const statement = await screen.findByTestId('dispute-statement');
    expect(within(statement).getByText('I arrived at six.').getAttribute('lang')).toBe('en');
    expect(within(statement).getByTestId('translation-mark').textContent).toBe('Sin traducir');
  });
});

describe('bounded statements (issue 33)', () => {
  test('the form says how many statements are left before anyone writes; the count follows each one', async () => {
    const { user } = signedIn('restaurant');
    let job = { ...disputedJob(user.id) };
    job = { ...job, dispute: { ...job.dispute, statements_left: 2 } };
    fakeApi.on('GET', `/jobs/${job.id}`, () => ({ body: { job } }));
    fakeApi.on('POST', `/jobs/${job.id}/dispute`, () => {
      job = { ...job, dispute: { ...job.dispute, statements_left: job.dispute.statements_left - 1 } };
      return { status: 201, body: { statement: chefStatement, job } };
    });
    renderApp(`/jobs/${job.id}`);
    const panel = await screen.findByTestId('dispute-panel');
    expect(within(panel).getByTestId('statements-left').textContent).toBe(
      'You can add 2 more statements (at most 10 for each side).',
    );
    await userEvent.type(within(panel).getByLabelText('Add a statement for the operator'), 'Late.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add statement' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('statements-left').textContent).toBe(
        'You can add 1 more statement (at most 10 for each side).',
      ),
    );
    await userEvent.type(within(panel).getByLabelText('Add a statement for the operator'), 'Later.');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add statement' }));
    // none left: no form, only why
    await waitFor(() => expect(within(panel).queryByRole('textbox')).toBeNull());
    expect(within(panel).getByTestId('statements-left').textContent).toBe(
      'You have added the 10 statements each side can write. The operator has them all.',
    );
  });

  test('in Spanish, the count and the refusal for writing too fast', async () => {
    const { user } = signedIn('restaurant', { language: 'es' });
    const job = disputedJob(user.id);
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/dispute`, {
      status: 429,
      body: {
        error: 'You are writing statements too quickly: please wait a minute',
        code: 'JOBS.STATEMENTS_TOO_FAST',
        retry_after_seconds: 40,
      },
    });
    renderApp(`/jobs/${job.id}`);
    expect((await screen.findByTestId('statements-left')).textContent).toBe(
      'Puedes añadir 10 declaraciones más (como máximo 10 por cada parte).',
    );
    await userEvent.type(screen.getByLabelText('Añadir una declaración para el operador'), 'Tarde.');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir declaración' }));
    expect(
      await screen.findByText(
        'Estás añadiendo declaraciones demasiado rápido. Espera un minuto y luego añade la siguiente.',
      ),
    ).toBeTruthy();
  });

  test('a statement written with a right-to-left override is shown as written, isolated from the page', async () => {
    const { user } = signedIn('restaurant');
    const job = disputedJob(user.id);
    withOneStatement(job, untranslatedEnglish('\u202Eepyt ,ecnis ot stuo'));
    renderApp(`/jobs/${job.id}`);
    const text = within(await screen.findByTestId('dispute-statement')).getByTestId('statement-text');
    expect(text.textContent).toBe('\u202Eepyt ,ecnis ot stuo');
    expect(text.getAttribute('dir')).toBe('auto');
  });
});

test('My Shifts: a disputed shift links to its dispute on the job page', async () => {
  const { user } = signedIn('restaurant');
  const job = disputedJob(user.id);
  fakeApi.on('GET', '/jobs', { body: { jobs: [job] } });
  renderApp('/my-shifts');
  const link = await screen.findByTestId('dispute-link');
  expect(link.textContent).toBe('See the dispute');
  expect(link.getAttribute('href')).toBe(`/jobs/${job.id}#dispute`);
});

describe('a posting of several chefs (issue 35)', () => {
  test('the restaurant reads one dispute per disputed seat, named by seat and chef, and writes on the one it means', async () => {
    const { user } = signedIn('restaurant');
    const base = disputedJob(user.id);
    const seatDispute = (seat_no: number, text: string): JobDispute => ({
      ...base.dispute,
      seat_no,
      statements: [{ ...chefStatement, id: id('d'), text, translated_text: null, translated_language: null }],
    });
    const seat = (seat_no: number, chef_name: string) => ({
      seat_no,
      status: 'disputed',
      application_id: id('a'),
      chef_id: id('c'),
      chef_name,
      restaurant_checkout_completed: true,
      chef_checkout_completed: true,
      chef_rating: null,
      restaurant_rating: null,
      phone: null,
    });
    const job = {
      ...base,
      headcount: 2,
      seats: { total: 2, booked: 2, open: 0 },
      seat_list: [seat(1, 'Ana Ruiz'), seat(2, 'Ben Ode')],
      dispute: seatDispute(1, 'Ana: I worked.'),
      disputes: [seatDispute(1, 'Ana: I worked.'), seatDispute(2, 'Ben: I worked.')],
    };
    fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
    fakeApi.on('POST', `/jobs/${job.id}/dispute`, { body: { statement: chefStatement, job } });
    renderApp(`/jobs/${job.id}`);
    const panels = await screen.findAllByTestId('dispute-panel');
    expect(panels.map((p) => within(p).getAllByRole('heading')[0].textContent)).toEqual([
      'Dispute: seat 1, Ana Ruiz',
      'Dispute: seat 2, Ben Ode',
    ]);
    expect(within(panels[1]).getByText('Ben: I worked.')).toBeTruthy();
    await userEvent.type(
      within(panels[1]).getByLabelText('Add a statement for the operator'),
      'Ben left at 9.',
    );
    await userEvent.click(within(panels[1]).getByRole('button', { name: 'Add statement' }));
    await waitFor(() => expect(fakeApi.callsTo('POST', `/jobs/${job.id}/dispute`)).toHaveLength(1));
    expect(fakeApi.callsTo('POST', `/jobs/${job.id}/dispute`)[0].body).toEqual({
      statement: 'Ben left at 9.',
      seat_no: 2,
    });
  });
});

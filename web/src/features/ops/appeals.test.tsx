// Issue 39: the console's Appeals queue: each appeal with who appeals, the mark and why it is there, the shift's
// events that led to it and the statement in the console's language (translated, marked); keep or remove with a
// note, confirmed first, the decision shown once made. The console nav leads to it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { signedInOperator } from './fixtures';
import type { OpsAppeal } from './appealsApi';

const HOUR = 3_600_000;

function makeAppeal(overrides: Partial<OpsAppeal> = {}): OpsAppeal {
  const now = Date.now();
  return {
    id: id('p'),
    status: 'pending',
    created_at: new Date(now - 2 * HOUR).toISOString(),
    user: { id: id('e'), type: 'chef', name: 'Ana Ruiz' },
    mark: {
      id: id('m'),
      kind: 'no_show',
      job_id: id('b'),
      at: new Date(now - 30 * HOUR).toISOString(),
      status: 'counts',
      reason: 'checkout_not_worked',
      seat_no: 1,
    },
    job: {
      title: 'Line Cook',
      start_time: new Date(now - 40 * HOUR).toISOString(),
      end_time: new Date(now - 35 * HOUR).toISOString(),
    },
    statement: {
      text: 'La puerta trasera estaba cerrada.',
      language: 'es',
      translated_text: 'The back door was locked.',
      translated_language: 'en',
    },
    statement_en: 'The back door was locked.',
    timeline: [
      {
        at: new Date(now - 60 * HOUR).toISOString(),
        type: 'jobs.job.posted.v1',
        actor: { type: 'restaurant', id: id('c') },
        summary: 'Shift posted: "Line Cook", $107.00 to pay',
      },
      {
        at: new Date(now - 34 * HOUR).toISOString(),
        type: 'jobs.checkout.recorded.v1',
        actor: { type: 'restaurant', id: id('c') },
        summary: 'The restaurant checked out: not worked, no rating',
      },
      {
        at: new Date(now - 30 * HOUR).toISOString(),
        type: 'jobs.reliability.recorded.v1',
        actor: { type: 'system', id: null },
        summary: "On the chef's record: no shows",
      },
    ],
    decision: null,
    ...overrides,
  };
}

test('an appeal in the queue: the mark, the timeline and the statement translated; removed with a note', async () => {
  signedInOperator();
  const appeal = makeAppeal();
  let current = [appeal];
  fakeApi.on('GET', '/ops/appeals', () => ({ body: { appeals: current } }));
  fakeApi.on('POST', '/ops/appeals/:id/decide', (call) => {
    const body = call.body as { outcome: 'keep' | 'remove'; note: string };
    const decided: OpsAppeal = {
      ...appeal,
      status: 'removed',
      mark: { ...appeal.mark, status: 'removed' },
      decision: { ...body, operator_id: id('o'), decided_at: new Date().toISOString() },
    };
    current = [decided];
    return { body: { appeal: decided } };
  });
  renderApp('/ops/appeals');
  expect(await screen.findByRole('heading', { level: 1, name: 'Appeals' })).toBeTruthy();
  const card = await screen.findByTestId('appeal');
  expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(
    'No-show · Ana Ruiz (chef) Pending',
  );
  expect(
    within(card).getByText(
      'The restaurant answered "not worked" at checkout; the chef did not answer by the deadline.',
    ),
  ).toBeTruthy();
  expect(
    within(card)
      .getByRole('link', { name: /^Line Cook · / })
      .getAttribute('href'),
  ).toBe(`/ops/jobs/${appeal.mark.job_id}`);
  const statement = within(card).getByTestId('appeal-statement');
  expect(within(statement).getByTestId('statement-text').textContent).toBe('The back door was locked.');
  expect(within(statement).getByText(/Translated from Spanish/)).toBeTruthy();
  const timeline = within(card).getByTestId('appeal-timeline');
  expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
  expect(within(timeline).getByText(/The restaurant checked out: not worked/)).toBeTruthy();

  // A note first; then the decision is confirmed.
  await userEvent.click(within(card).getByRole('button', { name: 'Remove the mark' }));
  expect(within(card).getByText('Please explain the decision in a note.')).toBeTruthy();
  await userEvent.type(within(card).getByLabelText('Note'), 'The back door was locked that night.');
  await userEvent.click(within(card).getByRole('button', { name: 'Remove the mark' }));
  expect(within(card).getByTestId('appeal-confirm').textContent).toMatch(
    /^Remove this No-show from the record\? It stops counting everywhere/,
  );
  expect(fakeApi.callsTo('POST', `/ops/appeals/${appeal.id}/decide`)).toHaveLength(0);
  await userEvent.click(within(card).getByRole('button', { name: 'Yes, remove it' }));
  await waitFor(() => expect(fakeApi.callsTo('POST', `/ops/appeals/${appeal.id}/decide`)).toHaveLength(1));
  expect(fakeApi.callsTo('POST', `/ops/appeals/${appeal.id}/decide`)[0].body).toEqual({
    outcome: 'remove',
    note: 'The back door was locked that night.',
  });
  const decision = await screen.findByTestId('appeal-decision');
  expect(within(decision).getByText('Mark removed')).toBeTruthy();
  expect(within(decision).getByText('The back door was locked that night.')).toBeTruthy();
  expect(screen.getByTestId('appeal-status').textContent).toBe('Removed');
  expect(screen.queryByTestId('appeal-decide')).toBeNull();
});

test('a refused decision shows why; the nav leads to the queue; in Spanish', async () => {
  signedInOperator('es');
  fakeApi.on('GET', '/ops/appeals', {
    body: { appeals: [makeAppeal({ user: { id: id('c'), type: 'restaurant', name: 'Blue Door' } })] },
  });
  fakeApi.on('POST', '/ops/appeals/:id/decide', {
    status: 409,
    body: { error: 'This appeal has already been decided', code: 'JOBS.APPEAL_DECIDED' },
  });
  const { router } = renderApp('/ops');
  await userEvent.click(await screen.findByRole('link', { name: 'Apelaciones' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/ops/appeals'));
  const card = await screen.findByTestId('appeal');
  expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(
    'Inasistencia · Blue Door (restaurante) Pendiente',
  );
  // The console reads Spanish: the statement as written, no translation needed.
  expect(within(card).getByTestId('statement-text').textContent).toBe('La puerta trasera estaba cerrada.');
  await userEvent.type(within(card).getByLabelText('Nota'), 'Sin pruebas.');
  await userEvent.click(within(card).getByRole('button', { name: 'Mantener la marca' }));
  await userEvent.click(within(card).getByRole('button', { name: 'Sí, mantenerla' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Esta apelación ya fue decidida.');
});

test('no appeals yet', async () => {
  signedInOperator();
  fakeApi.on('GET', '/ops/appeals', { body: { appeals: [] } });
  renderApp('/ops/appeals');
  expect(await screen.findByText('No appeals yet.')).toBeTruthy();
});

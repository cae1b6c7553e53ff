// Issue 38: the console's card disputes (chargebacks): the queue, one dispute with its evidence grouped by
// Stripe's sections (the services that could not answer named), Submit evidence and Accept dispute, each
// confirmed first, refused from their codes, and closed once answered.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { signedInOperator } from './fixtures';
import type { CardDispute, EvidenceEntry } from './cardDisputesApi';
import { evidenceBody, groupEvidence, SECTION_MAX } from './cardDisputeEvidence';

const HOUR = 3_600_000;

function makeCardDispute(overrides: Partial<CardDispute> = {}): CardDispute {
  const now = Date.now();
  return {
    id: 'dp_1Test',
    job_id: id('b'),
    job_title: 'Line Cook',
    restaurant_id: id('c'),
    restaurant_name: 'Blue Door',
    charge_id: 'ch_1Test',
    payment_intent_id: 'pi_1Test',
    amount_cents: 8560,
    reason: 'fraudulent',
    status: 'needs_response',
    evidence_due_by: new Date(now + 5 * 24 * HOUR).toISOString(),
    submitted_at: null,
    accepted_at: null,
    restaurant_flagged: false,
    settled_at: null,
    created_at: new Date(now - 2 * HOUR).toISOString(),
    updated_at: new Date(now - 2 * HOUR).toISOString(),
    ...overrides,
  };
}

const entry = (
  section: EvidenceEntry['section'],
  service: string,
  title: string,
  text: string,
): EvidenceEntry => ({
  section,
  service,
  title,
  text,
  at: new Date(Date.now() - 30 * HOUR).toISOString(),
});

/** The merged evidence as the gateway answers it: by section, then time. */
const EVIDENCE: EvidenceEntry[] = [
  entry('product_description', 'jobs', 'The shift as booked', 'Service: a Line Cook shift at Blue Door.'),
  entry(
    'service_date',
    'jobs',
    'Date of the shift',
    'Tuesday, December 1, 2026, from 5:00 PM CST to 9:00 PM CST.',
  ),
  entry(
    'access_activity_log',
    'jobs',
    'Clock-in, clock-out and checkout answers',
    'Clock-in by the chef by location.',
  ),
  entry(
    'customer_communication',
    'messaging',
    'Messages between the restaurant and Ana Ruiz',
    'restaurant: See you at 5.',
  ),
  entry('receipt', 'payments', 'Receipt and money movements', 'Charged $85.60 to Visa ending in 4242.'),
];

function openDispute(dispute = makeCardDispute(), unavailable?: string[]) {
  signedInOperator();
  fakeApi.on('GET', `/ops/card-disputes/${dispute.id}`, { body: { card_dispute: dispute } });
  fakeApi.on('GET', `/ops/jobs/${dispute.job_id}/evidence`, {
    body: { job_id: dispute.job_id, entries: EVIDENCE, ...(unavailable ? { unavailable } : {}) },
  });
  renderApp(`/ops/card-disputes/${dispute.id}`);
  return dispute;
}

test('the queue: status, amount, restaurant, shift, evidence due by, and the restaurant flag; a nav entry', async () => {
  signedInOperator();
  const open = makeCardDispute();
  const lost = makeCardDispute({
    id: 'dp_2Lost',
    status: 'lost',
    restaurant_name: 'North Loop',
    amount_cents: 12_000,
    evidence_due_by: null,
    accepted_at: new Date().toISOString(),
    restaurant_flagged: true,
  });
  const settled = makeCardDispute({
    id: 'dp_3Paid',
    status: 'lost',
    restaurant_flagged: false,
    settled_at: '2026-11-20T18:00:00.000Z',
  });
  fakeApi.on('GET', '/ops/card-disputes', { body: { card_disputes: [open, lost, settled] } });
  renderApp('/ops/card-disputes');
  const rows = await screen.findAllByTestId('card-dispute-row');
  expect(rows).toHaveLength(3);
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
  expect(cells(rows[0]).slice(0, 4)).toEqual(['Needs a response', '$85.60', 'Blue Door', 'Line Cook']);
  expect(cells(rows[0])[4]).toMatch(/\d/);
  expect(cells(rows[1])).toEqual([
    'Lost',
    '$120.00',
    'North Loop',
    'Line Cook',
    'No date',
    'Restaurant flagged',
  ]);
  expect(cells(rows[2])[5]).toMatch(/^Settled /);
  expect(within(rows[0]).getByRole('link', { name: 'Needs a response' }).getAttribute('href')).toBe(
    '/ops/card-disputes/dp_1Test',
  );
  expect(within(rows[0]).getByRole('link', { name: 'Line Cook' }).getAttribute('href')).toBe(
    `/ops/jobs/${open.job_id}`,
  );
  expect(screen.getAllByRole('link', { name: 'Card disputes' })[0].getAttribute('href')).toBe(
    '/ops/card-disputes',
  );
});

test('the evidence by section, in Stripe’s order, for the dispute’s restaurant; an unavailable service is named', async () => {
  const dispute = openDispute(makeCardDispute(), ['identity']);
  expect(await screen.findByTestId('card-dispute-evidence')).toBeTruthy();
  const calls = fakeApi.callsTo('GET', `/ops/jobs/${dispute.job_id}/evidence`);
  expect(calls[0].query).toEqual({ restaurant_id: dispute.restaurant_id });
  const headings = within(screen.getByTestId('card-dispute-evidence'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
  expect(headings).toEqual([
    'Service provided',
    'Date of service',
    'Clock-in, clock-out and checkout log',
    'Messages with the restaurant',
    'Receipt',
  ]);
  expect(
    within(screen.getByTestId('evidence-receipt')).getByText('Charged $85.60 to Visa ending in 4242.'),
  ).toBeTruthy();
  expect(screen.getByTestId('evidence-unavailable').textContent).toBe(
    'Missing: identity could not be read, so their part is not shown or sent. Reload before submitting.',
  );
  const facts = screen.getByTestId('card-dispute-facts');
  expect(within(facts).getByTestId('card-dispute-status').textContent).toBe('Needs a response');
  expect(within(facts).getByText('$85.60')).toBeTruthy();
  expect(within(facts).getByText('ch_1Test')).toBeTruthy();
});

test('Submit evidence asks first, then sends every section and the note; both buttons close after', async () => {
  const dispute = openDispute();
  let sent: unknown;
  fakeApi.on('POST', `/ops/card-disputes/${dispute.id}/submit`, (call) => {
    sent = call.body;
    const answered = { ...dispute, status: 'under_review' as const, submitted_at: new Date().toISOString() };
    fakeApi.on('GET', `/ops/card-disputes/${dispute.id}`, { body: { card_dispute: answered } });
    return { body: { card_dispute: answered } };
  });
  await screen.findByTestId('evidence-receipt');
  await userEvent.type(screen.getByLabelText(/Your note/), 'The chef worked the whole shift.');
  await userEvent.click(screen.getByRole('button', { name: 'Submit evidence' }));
  expect(screen.getByTestId('confirm-submit').textContent).toContain(
    'Send this evidence to the card network? You cannot change it after.',
  );
  expect(fakeApi.callsTo('POST', `/ops/card-disputes/${dispute.id}/submit`)).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Yes, send it' }));
  expect(await screen.findByText('Evidence sent to the card network.')).toBeTruthy();
  expect(sent).toEqual({
    evidence: evidenceBody(groupEvidence(EVIDENCE)),
    note: 'The chef worked the whole shift.',
  });
  expect((sent as { evidence: Record<string, string> }).evidence.receipt).toBe(
    'Receipt and money movements\nCharged $85.60 to Visa ending in 4242.',
  );
  expect(screen.getByRole('button', { name: 'Submit evidence' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('button', { name: 'Accept dispute' })).toHaveProperty('disabled', true);
});

test('Accept dispute needs a note, shows the amount lost and the flag, and a refusal is shown from its code', async () => {
  const dispute = openDispute();
  fakeApi.on('POST', `/ops/card-disputes/${dispute.id}/accept`, {
    status: 409,
    body: { error: 'This dispute is closed', code: 'HTTP.CONFLICT' },
  });
  await screen.findByTestId('evidence-receipt');
  await userEvent.click(screen.getByRole('button', { name: 'Accept dispute' }));
  expect(screen.getByText('Write a note to accept the dispute.')).toBeTruthy();
  expect(screen.queryByTestId('confirm-accept')).toBeNull();
  await userEvent.type(screen.getByLabelText(/Your note/), 'The restaurant agrees it was not worked.');
  await userEvent.click(screen.getByRole('button', { name: 'Accept dispute' }));
  expect(screen.getByTestId('confirm-accept').textContent).toContain(
    'Accept this dispute? $85.60 is lost, and Blue Door is flagged (it cannot post shifts) until it pays it back.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
  // the refusal's text comes from its code (errors.json), not the server's English
  expect(await screen.findByRole('alert')).toHaveProperty(
    'textContent',
    'This changed meanwhile. Please reload the page.',
  );
  expect(fakeApi.callsTo('POST', `/ops/card-disputes/${dispute.id}/accept`)[0].body).toEqual({
    note: 'The restaurant agrees it was not worked.',
  });
});

test('a dispute already answered or closed offers neither action, and says why (Spanish)', async () => {
  signedInOperator('es');
  const dispute = makeCardDispute({ status: 'won', submitted_at: new Date().toISOString() });
  fakeApi.on('GET', `/ops/card-disputes/${dispute.id}`, { body: { card_dispute: dispute } });
  fakeApi.on('GET', `/ops/jobs/${dispute.job_id}/evidence`, {
    body: { job_id: dispute.job_id, entries: [] },
  });
  renderApp(`/ops/card-disputes/${dispute.id}`);
  expect(
    await screen.findByText('Ya se enviaron pruebas: la red de tarjetas las está revisando.'),
  ).toBeTruthy();
  expect(await screen.findByText('Los registros de Brigade no tienen pruebas de este turno.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Enviar pruebas' })).toHaveProperty('disabled', true);
  expect(screen.getByRole('button', { name: 'Aceptar contracargo' })).toHaveProperty('disabled', true);
});

test('a section is sent whole entries only, up to 20,000 characters', () => {
  const long = 'x'.repeat(7990);
  const groups = groupEvidence([
    entry('customer_communication', 'messaging', 'Messages (part 1 of 3)', long),
    entry('customer_communication', 'messaging', 'Messages (part 2 of 3)', long),
    entry('customer_communication', 'messaging', 'Messages (part 3 of 3)', long),
  ]);
  expect(groups).toHaveLength(1);
  expect(groups[0].leftOut).toBe(1);
  expect(groups[0].text.length).toBeLessThanOrEqual(SECTION_MAX);
  expect(groups[0].text).toBe(`Messages (part 1 of 3)\n${long}\n\nMessages (part 2 of 3)\n${long}`);
});

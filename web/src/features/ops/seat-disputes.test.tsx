// Disputes per seat (issue 35): a posting of several chefs may have a dispute per seat. The queue lists a row per
// disputed seat ("Seat 2 · <chef>"), each opening its own case file (?seat=2 asks the server for seat_no=2), the
// decision names its seat, and the ledger shows every seat's status, decision and movements.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { disputeRoutes, makeDispute, signedInOperator } from './fixtures';
import type { OpsDispute } from './opsApi';

/** The two disputed seats of a posting of 2 ($100.00 pay and $107.00 charged per seat). */
function twoSeats(): [OpsDispute, OpsDispute] {
  const first = makeDispute(30);
  const job = {
    ...first.job,
    headcount: 2,
    subtotal_cents: 20_000,
    fee_cents: 1_400,
    total_cents: 21_400,
  } as OpsDispute['job'];
  const ben = {
    ...first.chef,
    user_id: id('e'),
    name: 'Ben Ortiz',
    statements_count: 0,
    latest_statement: null,
  };
  return [
    { ...first, job, seat_no: 1 },
    { ...first, job, seat_no: 2, chef: ben, statements: [] },
  ];
}

test('the queue lists each disputed seat of a posting with its own chef, each leading to its case file', async () => {
  signedInOperator();
  const [seat1, seat2] = twoSeats();
  fakeApi.on('GET', '/ops/disputes', { body: { disputes: [seat1, seat2] } });
  renderApp('/ops/disputes');
  const rows = await screen.findAllByTestId('dispute-row');
  expect(rows).toHaveLength(2);
  expect(rows.map((r) => within(r).getByTestId('dispute-chef').textContent)).toEqual([
    'Seat 1 · Maria Lopez',
    'Seat 2 · Ben Ortiz',
  ]);
  // each seat's amounts are its share of the posting
  expect(within(rows[1]).getByText('$100.00 shift pay · $107.00 charged')).toBeTruthy();
  expect(within(rows[1]).getByRole('link', { name: 'Line Cook' }).getAttribute('href')).toBe(
    `/ops/disputes/${seat2.job.id}?seat=2`,
  );
});

test("the case file of seat 2 is that seat's, its decision names the seat, and the ledger shows every seat", async () => {
  signedInOperator();
  const [, seat2] = twoSeats();
  disputeRoutes(seat2);
  fakeApi.on('GET', `/ops/disputes/${seat2.job.id}`, (call) =>
    call.query.seat_no === '2'
      ? { body: { dispute: seat2 } }
      : { status: 404, body: { code: 'JOBS.NO_DISPUTE' } },
  );
  fakeApi.on('GET', `/ops/jobs/${seat2.job.id}/ledger`, {
    body: {
      job_id: seat2.job.id,
      payment_status: 'disputed',
      entries: [
        { kind: 'charge', amount_cents: 21_400, provider_id: 'pi_1', at: seat2.opened_at, seat_no: 0 },
      ],
      totals: { charged_cents: 21_400, transferred_cents: 0, fee_cents: 0, refunded_cents: 0 },
      decision: {
        kind: 'refund',
        reason: 'dispute_decision',
        chef_pay_cents: 0,
        fee_cents: 0,
        refund_cents: 10_700,
        decided_at: seat2.opened_at,
      },
      seats: [
        {
          seat_no: 1,
          payment_status: 'refunded',
          chef_id: id('e'),
          decision: {
            kind: 'refund',
            reason: 'dispute_decision',
            chef_pay_cents: 0,
            fee_cents: 0,
            refund_cents: 10_700,
            decided_at: seat2.opened_at,
          },
          entries: [
            { kind: 'refund', amount_cents: 10_700, provider_id: 're_1', at: seat2.opened_at, seat_no: 1 },
          ],
        },
        { seat_no: 2, payment_status: 'disputed', chef_id: seat2.chef.user_id, decision: null, entries: [] },
      ],
    },
  });
  fakeApi.on('POST', `/ops/disputes/${seat2.job.id}/resolve`, (call) => {
    const body = call.body as { chef_pay_cents: number; note: string };
    return {
      body: {
        dispute: {
          ...seat2,
          resolution: {
            chef_pay_cents: body.chef_pay_cents,
            fee_cents: 700,
            refund_cents: 0,
            note: body.note,
            resolved_at: new Date().toISOString(),
            operator_id: id('o'),
          },
        },
      },
    };
  });
  renderApp(`/ops/disputes/${seat2.job.id}?seat=2`);
  expect((await screen.findByTestId('dispute-seat')).textContent).toBe('Seat 2 · Ben Ortiz');
  expect(fakeApi.callsTo('GET', `/ops/disputes/${seat2.job.id}`)[0].query).toEqual({ seat_no: '2' });
  expect(
    within(screen.getByTestId('side-chef')).getByRole('heading', { name: 'Chef: Ben Ortiz' }),
  ).toBeTruthy();

  // the ledger: seat 2 still held (its outcome), every seat listed with its decision and movements
  const seats = await screen.findAllByTestId('ledger-seat');
  expect(seats).toHaveLength(2);
  expect(within(seats[0]).getByText('$0.00 to the chef · $0.00 kept · $107.00 refunded')).toBeTruthy();
  expect(within(seats[0]).getByText('refund $107.00')).toBeTruthy();
  expect(within(seats[1]).getByText('Ben Ortiz')).toBeTruthy();
  expect(within(seats[1]).getByText('Not decided')).toBeTruthy();
  expect(screen.getByTestId('ledger-outcome').textContent).toBe('Under review: money held');

  // the decision names seat 2
  await userEvent.click(await screen.findByRole('button', { name: 'Full pay' }));
  await userEvent.type(screen.getByLabelText('Note to both sides'), 'Ben worked it.');
  await userEvent.click(screen.getByRole('button', { name: 'Review decision' }));
  expect(screen.getByTestId('preview-chef').textContent).toBe('$100.00');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
  await waitFor(() =>
    expect(fakeApi.callsTo('POST', `/ops/disputes/${seat2.job.id}/resolve`)).toHaveLength(1),
  );
  expect(fakeApi.callsTo('POST', `/ops/disputes/${seat2.job.id}/resolve`)[0].body).toEqual({
    chef_pay_cents: 10_000,
    note: 'Ben worked it.',
    seat_no: 2,
  });
});

test('a seat the server names as needed (409 JOBS.SEAT_REQUIRED) reads as a sentence', async () => {
  signedInOperator();
  const dispute = makeDispute(30);
  disputeRoutes(dispute);
  fakeApi.on('POST', `/ops/disputes/${dispute.job.id}/resolve`, {
    status: 409,
    body: { error: 'Seats 1, 2 are in dispute', code: 'JOBS.SEAT_REQUIRED', disputed_seats: [1, 2] },
  });
  renderApp(`/ops/disputes/${dispute.job.id}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Nothing' }));
  await userEvent.type(screen.getByLabelText('Note to both sides'), 'None.');
  await userEvent.click(screen.getByRole('button', { name: 'Review decision' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm decision' }));
  expect(
    await screen.findByText('Two or more seats of this shift are in dispute: choose the seat.'),
  ).toBeTruthy();
});

test("the job's page shows its ledger under the timeline, a row per seat of a posting", async () => {
  signedInOperator();
  const jobId = id('b');
  fakeApi.on('GET', `/ops/jobs/${jobId}/timeline`, { body: { job_id: jobId, entries: [] } });
  fakeApi.on('GET', `/ops/jobs/${jobId}/ledger`, {
    body: {
      job_id: jobId,
      payment_status: 'held_in_escrow',
      entries: [{ kind: 'charge', amount_cents: 32_100, provider_id: 'pi_1', at: new Date().toISOString() }],
      totals: { charged_cents: 32_100, transferred_cents: 0, fee_cents: 0, refunded_cents: 0 },
      decision: null,
      seats: [1, 2, 3].map((seatNo) => ({
        seat_no: seatNo,
        payment_status: seatNo === 3 ? 'refunded' : 'held_in_escrow',
        chef_id: seatNo === 3 ? null : id('e'),
        decision: null,
        entries: [],
      })),
    },
  });
  renderApp(`/ops/jobs/${jobId}`);
  const seats = await screen.findAllByTestId('ledger-seat');
  expect(seats.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual([
    'held_in_escrow',
    'held_in_escrow',
    'refunded',
  ]);
});

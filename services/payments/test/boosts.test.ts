import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { boostMoney, postingFigures, type PostingShape as AnyShape } from '@brigade/contracts';
import { applicationFacts, eventually, usePayments } from './harness';

type PostingShape = AnyShape & { start_time: string; end_time: string };

// Issue 37: a boost is an edit of the rate only (ADR 0031), played here as jobs sends it: the difference
// (contracts' `boostMoney`) is charged off-session to the card the escrow kept, then `jobs.job.edited.v1` with
// nobody asked to answer. Every seat is then priced at the boosted rate: a chef booked before the boost and one
// booked after are each paid the boosted pay at checkout, and the ledger holds (charged = moved).

const h = usePayments({ ledgerAfterEach: true });
const HOUR = 3_600_000;

test('a boosted shift charges its quote once and pays every chef the boosted rate; the ledger holds', async () => {
  const restaurant = await h.user('restaurant');
  const jobId = randomUUID();
  const start = new Date(Date.now() + 30 * HOUR);
  // two seats, 8 h at $25/h: $200.00 of pay and $14.00 of fee each, $428.00 in all
  const before: PostingShape = {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 8 * HOUR).toISOString(),
    hourly_rate_cents: 2500,
    break_minutes: 0,
    headcount: 2,
  };
  await h.publish('jobs.job.posted.v1', {
    job_id: jobId,
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    start_time: before.start_time,
    end_time: before.end_time,
    hourly_rate_cents: 2500,
    emergency_level: 'normal',
    ...postingFigures(before),
    notify_favorites: [],
    headcount: 2,
  });
  await eventually(async () =>
    expect((await h.call('GET', `/payments/job/${jobId}`, restaurant.token)).status).toBe(200),
  );
  const payer = await h.apply(jobId, restaurant.id, randomUUID());
  await h.payWithCard(restaurant, payer);

  // the first chef books before the boost
  const book = async (seatNo: number) => {
    const chef = await h.user('chef');
    await h.onboard(chef);
    const applicationId = await h.apply(jobId, restaurant.id, chef.id);
    await h.accept(jobId, restaurant.id, chef.id, applicationId);
    await h.publish('jobs.application.confirmed.v1', {
      ...applicationFacts(applicationId, jobId, restaurant.id, chef.id),
      seat_no: seatNo,
      booked_by: seatNo === 1 ? 'confirmed' : 'instant_book',
    });
    await eventually(async () => {
      const [seat] = await h.database.rows<{ chef_id: string | null }>(
        sql`select chef_id from payments.seat_payments where job_id = ${jobId} and seat_no = ${seatNo}`,
      );
      expect(seat?.chef_id).toBe(chef.id);
    });
    return { ...chef, applicationId, seatNo };
  };
  const early = await book(1);

  // the boost to $30/h: $48.00 more a seat with its fee, $85.60 for the two, of which $5.60 is fee
  const after: PostingShape = { ...before, hourly_rate_cents: 3000 };
  const quote = boostMoney(before, 3000);
  expect(quote).toMatchObject({ charge_cents: 8560, fee_charge_cents: 560, new_total_cents: 51_360 });
  const editId = randomUUID();
  const facts = {
    job_id: jobId,
    edit_id: editId,
    restaurant_id: restaurant.id,
    title: 'Line Cook',
    before,
    after,
  };
  await h.publish('jobs.job.edit_requested.v1', { ...facts, charge_cents: quote.charge_cents });
  await eventually(async () => expect(h.events('payments.edit_charge.collected.v1', jobId)).toHaveLength(1));
  expect(h.events('payments.edit_charge.collected.v1', jobId)[0]!.data.amount_cents).toBe(8560);
  await h.publish('jobs.job.edited.v1', {
    ...facts,
    charge_cents: quote.charge_cents,
    refund_cents: 0,
    added_seats: [],
    removed_seats: [],
    chefs_to_answer: [],
    answers_due_by: null,
    words_changed: false,
  });
  await eventually(async () => {
    const [row] = await h.database.rows<{ applied: boolean }>(
      sql`select applied_at is not null as applied from payments.job_edits where edit_id = ${editId}`,
    );
    expect(row?.applied).toBe(true);
  });

  // the second chef books the boosted seat, then both work it
  const late = await book(2);
  const boostedSeat = postingFigures({ ...after, headcount: 1 });
  expect(boostedSeat).toEqual({ subtotal_cents: 24_000, fee_cents: 1680, total_cents: 25_680 });
  for (const chef of [early, late])
    await h.publish('jobs.checkout.completed.v1', {
      ...applicationFacts(chef.applicationId, jobId, restaurant.id, chef.id),
      outcome: 'release',
      restaurant_work_completed: true,
      chef_work_completed: true,
      chef_rating: 5,
      restaurant_rating: 5,
      ...{
        subtotal_cents: boostedSeat.subtotal_cents,
        fee_cents: boostedSeat.fee_cents,
        total_cents: boostedSeat.total_cents,
      },
      seat_no: chef.seatNo,
    });
  await eventually(async () => expect(h.events('payments.payout.released.v1', jobId)).toHaveLength(2));
  await eventually(async () => {
    const open = await h.database.rows(
      sql`select id from payments.money_tasks where job_id = ${jobId} and status <> 'done'`,
    );
    expect(open).toEqual([]);
  });
  const transfers = (await h.stripe.transfers.list({ transfer_group: jobId })).data;
  expect(transfers.map((t) => t.amount)).toEqual([24_000, 24_000]);

  // charged = moved: the escrow and the boost's charge, against two boosted payouts and their fees
  const entries = await h.database.rows<{ kind: string; part: string; amount_cents: number }>(
    sql`select kind, part, amount_cents from payments.ledger_entries where job_id = ${jobId} order by id`,
  );
  const sum = (kind: string) =>
    entries.filter((e) => e.kind === kind).reduce((n, e) => n + Number(e.amount_cents), 0);
  expect(entries.filter((e) => e.part === `edit:${editId}`)).toEqual([
    { kind: 'charge', part: `edit:${editId}`, amount_cents: 8560 },
  ]);
  expect(sum('charge')).toBe(42_800 + 8560);
  expect(sum('transfer')).toBe(48_000);
  const checks = await h.expectLedgerGreen();
  expect(checks.find((c) => c.job_id === jobId)).toMatchObject({ ok: true });
});

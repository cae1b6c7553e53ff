import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually, usePayments } from './harness';
import { cancellationFigures, quoteFor, type PaidShift } from './rules';

// Issue 20: a chef's earnings and a restaurant's receipts, read from the ledger (no bookkeeping of their own),
// after a real money flow: escrow held, a checkout paid out, a shift still held, a refund, a late cancellation.

const h = usePayments();
type Account = { id: string; token: string };
let restaurant: Account;
let otherRestaurant: Account;
let chef: Account;
let otherChef: Account;
const shifts: Record<'paid' | 'held' | 'refunded' | 'late' | 'otherChefs', PaidShift> = {} as never;
let lateQuote: ReturnType<typeof quoteFor>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A shift of this restaurant paid into escrow, its chef applied and accepted. */
async function bookedShift(r: Account, c: Account, hours: number, startsInMs: number): Promise<PaidShift> {
  const { jobId, pay, start, end } = await h.postJob(r, hours, 25, startsInMs);
  const applicationId = await h.apply(jobId, r.id, c.id);
  await h.payWithCard(r, applicationId);
  await h.accept(jobId, r.id, c.id, applicationId);
  return { restaurant: r, chef: c, jobId, applicationId, pay, start, end };
}

const status = async (shift: PaidShift) =>
  (await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_status;

function profileFacts(userId: string, name: string) {
  return {
    profile_id: randomUUID(),
    user_id: userId,
    name,
    city: 'Minneapolis',
    state: 'MN',
    latitude: 44.97,
    longitude: -93.26,
    profile_image_url: null,
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en' as const,
  };
}

beforeAll(async () => {
  restaurant = await h.user('restaurant');
  otherRestaurant = await h.user('restaurant');
  chef = await h.user('chef');
  otherChef = await h.user('chef');
  // Names arrive with identity's profile events (a comma and a formula-like start test the CSV).
  await h.publish('identity.restaurant_profile.updated.v1', {
    ...profileFacts(restaurant.id, 'Bistro "Nord", Minneapolis'),
    description: '',
    address: '1 Main St',
    logo_url: null,
    cuisine_types: [],
  });
  await h.publish('identity.chef_profile.updated.v1', {
    ...profileFacts(chef.id, '=Ana Ruiz'),
    bio: '',
    travel_radius: 15,
    skills: [],
    hourly_rate_min: null,
  });
  await h.onboard(chef);

  shifts.paid = await bookedShift(restaurant, chef, 8, 1 * DAY);
  shifts.held = await bookedShift(restaurant, chef, 5, 2 * DAY);
  shifts.refunded = await bookedShift(restaurant, chef, 4, 3 * DAY);
  shifts.late = await bookedShift(restaurant, chef, 8, 2 * HOUR);
  shifts.otherChefs = await bookedShift(restaurant, otherChef, 6, 4 * DAY);

  // Both checked out and agreed: the shift pay is transferred. The restaurant said the work was not done: refunded.
  const { paid, refunded, late } = shifts;
  await h.checkout(paid.jobId, restaurant.id, chef.id, paid.applicationId, 'release', paid.pay);
  await h.checkout(refunded.jobId, restaurant.id, chef.id, refunded.applicationId, 'refund', refunded.pay);
  // The restaurant cancelled 2 hours before the start: the chef gets part of the pay, the rest goes back.
  await eventually(async () => expect(await h.jobPayment(late.jobId, chef.token)).toBeTruthy());
  lateQuote = quoteFor(h, late);
  expect(lateQuote.late).toBe(true);
  await h.cancel(late.jobId, restaurant.id, undefined, cancellationFigures(late, lateQuote));

  await eventually(async () => {
    expect(await status(paid)).toBe('completed');
    expect(await status(refunded)).toBe('refunded');
    expect(await status(late)).toBe('settled');
  }, 20_000);
  await h.expectLedgerGreen();
  // The names are a read model of identity's profile events (their own queues).
  await eventually(async () => {
    const names = await h.database.rows(sql`select name from payments.profile_names order by name`);
    expect(names).toEqual([{ name: '=Ana Ruiz' }, { name: 'Bistro "Nord", Minneapolis' }]);
  });
}, 120_000);

const get = (path: string, who?: Account) => h.call('GET', path, who?.token);

describe('GET /payments/earnings', () => {
  test("a chef sees paid out, on its way and each of their shifts, from the ledger; another chef's shift is not there", async () => {
    const { paid, held, refunded, late } = shifts;
    const res = await eventually(async () => {
      const r = await get('/payments/earnings', chef);
      expect(r.body.shifts).toHaveLength(4);
      return r;
    });
    expect(res.status).toBe(200);
    const chefPay = lateQuote.chef_pay_cents;
    expect(res.body.paid_out_cents).toBe(paid.pay.subtotalCents + chefPay);
    expect(res.body.on_its_way_cents).toBe(held.pay.subtotalCents);
    // Newest shift first: 3 days, 2 days, 1 day, 2 hours from now.
    expect(
      res.body.shifts.map((s: any) => [
        s.job_id,
        s.status,
        s.gross_pay_cents,
        s.hours,
        s.paid_out_at !== null,
      ]),
    ).toEqual([
      [refunded.jobId, 'refunded', 0, 4, false],
      [held.jobId, 'on_its_way', held.pay.subtotalCents, 5, false],
      [paid.jobId, 'paid_out', paid.pay.subtotalCents, 8, true],
      [late.jobId, 'cancellation_pay', chefPay, 8, true],
    ]);
    expect(res.body.shifts[2]).toMatchObject({
      date: paid.start.toISOString(),
      restaurant_id: restaurant.id,
      restaurant_name: 'Bistro "Nord", Minneapolis',
      position: 'Line Cook',
    });
    expect(res.body.shifts.map((s: any) => s.job_id)).not.toContain(shifts.otherChefs.jobId);
    // What each shift's money did, named from its decision and the ledger (issue 32).
    expect(res.body.shifts.map((s: any) => [s.money.outcome, s.money.state, s.money.chef_pay_cents])).toEqual(
      [
        ['refunded', 'done', 0],
        ['held', 'held', held.pay.subtotalCents],
        ['paid_in_full', 'done', paid.pay.subtotalCents],
        ['late_cancellation_pay', 'done', chefPay],
      ],
    );
  });

  test('the other chef sees only their own booked shift, on its way', async () => {
    const res = await eventually(async () => {
      const r = await get('/payments/earnings', otherChef);
      expect(r.body.shifts).toHaveLength(1);
      return r;
    });
    expect(res.body).toEqual({
      paid_out_cents: 0,
      tips_cents: 0,
      on_its_way_cents: shifts.otherChefs.pay.subtotalCents,
      shifts: [expect.objectContaining({ job_id: shifts.otherChefs.jobId, status: 'on_its_way' })],
    });
  });

  test('as CSV: a file with a header row, dollars with 2 places, ISO dates, the name quoted', async () => {
    const res = await get('/payments/earnings?format=csv', chef);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="brigade-earnings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,restaurant,position,hours,gross_pay,outcome,status,paid_out_at,tip,seat,job_id',
    );
    expect(lines).toHaveLength(5);
    const paidLine = lines.find((l) => l.endsWith(shifts.paid.jobId))!;
    expect(paidLine).toMatch(
      new RegExp(
        `^${shifts.paid.start.toISOString()},"Bistro ""Nord"", Minneapolis",Line Cook,8\\.00,200\\.00,Paid in full,paid_out,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,`,
      ),
    );
    expect(lines.find((l) => l.endsWith(shifts.refunded.jobId))).toContain(',4.00,0.00,Refunded,refunded,,');
    expect(lines.find((l) => l.endsWith(shifts.late.jobId))).toContain(
      ',Late-cancellation pay,cancellation_pay,',
    );
  });

  test('restaurants are refused (403), anonymous callers 401, an unknown format 400', async () => {
    expect((await get('/payments/earnings', restaurant)).status).toBe(403);
    expect((await get('/payments/earnings')).status).toBe(401);
    const bad = await get('/payments/earnings?format=xlsx', chef);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'format must be json or csv', code: expect.any(String) });
  });
});

describe('GET /payments/receipts', () => {
  test('a restaurant sees each charged shift: shift pay, fee, refunds, card charge, net charged', async () => {
    const res = await get('/payments/receipts', restaurant);
    expect(res.status).toBe(200);
    const { paid, held, refunded, late, otherChefs } = shifts;
    const byJob = Object.fromEntries(res.body.receipts.map((r: any) => [r.job_id, r]));
    expect(res.body.receipts.map((r: any) => r.job_id)).toEqual([
      otherChefs.jobId,
      refunded.jobId,
      held.jobId,
      paid.jobId,
      late.jobId,
    ]);
    expect(byJob[paid.jobId]).toMatchObject({
      position: 'Line Cook',
      chef_id: chef.id,
      chef_name: '=Ana Ruiz',
      payment_status: 'completed',
      charged_cents: paid.pay.totalCents,
      shift_pay_cents: paid.pay.subtotalCents,
      platform_fee_cents: paid.pay.feeCents,
      refund_cents: 0,
      net_charged_cents: paid.pay.totalCents,
      pending: false,
      // Paid with pm_card_visa: the card as the provider described the charged PaymentMethod.
      card: { brand: 'visa', last4: '4242', charge_id: expect.stringMatching(/^ch_/) },
    });
    expect(byJob[held.jobId]).toMatchObject({
      payment_status: 'held_in_escrow',
      shift_pay_cents: held.pay.subtotalCents,
      platform_fee_cents: held.pay.feeCents,
      net_charged_cents: held.pay.totalCents,
      pending: true,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(byJob[refunded.jobId]).toMatchObject({
      payment_status: 'refunded',
      shift_pay_cents: 0,
      platform_fee_cents: 0,
      refund_cents: refunded.pay.totalCents,
      net_charged_cents: 0,
      pending: false,
    });
    expect(byJob[late.jobId]).toMatchObject({
      payment_status: 'settled',
      shift_pay_cents: lateQuote.chef_pay_cents,
      platform_fee_cents: lateQuote.fee_cents,
      refund_cents: lateQuote.refund_cents,
      net_charged_cents: late.pay.totalCents - lateQuote.refund_cents,
    });
    expect(byJob[otherChefs.jobId]).toMatchObject({ chef_id: otherChef.id, chef_name: null });
    // Each receipt names what its money did (issue 32): a late cancellation is not a decision.
    expect(byJob[late.jobId].money).toEqual({
      outcome: 'late_cancellation_pay',
      reason: 'late_cancellation',
      state: 'done',
      shift_pay_cents: late.pay.subtotalCents,
      total_cents: late.pay.totalCents,
      chef_pay_cents: lateQuote.chef_pay_cents,
      fee_cents: lateQuote.fee_cents,
      refund_cents: lateQuote.refund_cents,
    });
    expect(byJob[refunded.jobId].money).toMatchObject({ outcome: 'refunded', reason: 'work_not_completed' });
    expect(byJob[held.jobId].money).toMatchObject({ outcome: 'held', state: 'held', refund_cents: 0 });
    const all = Object.values(shifts);
    const charged = all.reduce((t, s) => t + s.pay.totalCents, 0);
    const refunds = refunded.pay.totalCents + lateQuote.refund_cents;
    expect(res.body.totals).toEqual({
      charged_cents: charged,
      shift_pay_cents:
        paid.pay.subtotalCents +
        held.pay.subtotalCents +
        lateQuote.chef_pay_cents +
        otherChefs.pay.subtotalCents,
      platform_fee_cents:
        paid.pay.feeCents + held.pay.feeCents + lateQuote.fee_cents + otherChefs.pay.feeCents,
      refund_cents: refunds,
      net_charged_cents: charged - refunds,
    });
    // What the ledger kept balances: charged = shift pay + fee + refunds.
    expect(res.body.totals.charged_cents).toBe(
      res.body.totals.shift_pay_cents + res.body.totals.platform_fee_cents + res.body.totals.refund_cents,
    );
  });

  test("as CSV for the accountant; another restaurant's receipts are empty", async () => {
    const res = await get('/payments/receipts?format=csv', restaurant);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="brigade-receipts-[\d-]+\.csv"$/,
    );
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'date,position,chef,shift_pay,platform_fee,refunds,charged,net_charged,outcome,payment_status,card,charge_id,tip,seat,job_id',
    );
    expect(lines).toHaveLength(6);
    const { paid } = shifts;
    // 8 h at $25: $200.00 pay, $14.00 fee; the chef's formula-like name is neutralised.
    expect(lines.find((l) => l.endsWith(paid.jobId))).toMatch(
      new RegExp(
        `^${paid.start.toISOString()},Line Cook,'=Ana Ruiz,200\\.00,14\\.00,0\\.00,214\\.00,214\\.00,Paid in full,completed,visa 4242,ch_\\w+,`,
      ),
    );

    const other = await get('/payments/receipts', otherRestaurant);
    expect(other.body).toEqual({
      totals: {
        charged_cents: 0,
        shift_pay_cents: 0,
        platform_fee_cents: 0,
        refund_cents: 0,
        net_charged_cents: 0,
      },
      receipts: [],
    });
    const otherCsv = await get('/payments/receipts?format=csv', otherRestaurant);
    expect(otherCsv.body).toBe(`${lines[0]}\r\n`);
  });

  test('chefs are refused (403), anonymous callers 401', async () => {
    expect((await get('/payments/receipts', chef)).status).toBe(403);
    expect((await get('/payments/receipts?format=csv', chef)).status).toBe(403);
    expect((await get('/payments/receipts')).status).toBe(401);
  });
});

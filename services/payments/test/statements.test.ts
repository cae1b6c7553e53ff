import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { formatIsoWeek, isoWeekAt, isoWeekRange } from '@brigade/contracts';
import { eventually, usePayments } from './harness';
import { cancellationFigures, quoteFor, type PaidShift } from './rules';

// Issue 38's statements, read from the one ledger after a real money flow: a chef's tax year adds up to the
// earnings of the year, a restaurant's ISO week (in its own zone) adds up to the receipts of its shifts, and the
// Monday text's event is published once per restaurant and week however often the scheduler runs.

const h = usePayments();
type Account = { id: string; token: string };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let minneapolis: Account;
let detroit: Account;
let chef: Account;
const shifts: Record<'paid' | 'refunded' | 'late' | 'detroit', PaidShift> = {} as never;

function profile(userId: string, name: string, city: 'Minneapolis' | 'Detroit') {
  return {
    profile_id: randomUUID(),
    user_id: userId,
    name,
    city,
    state: city === 'Detroit' ? 'MI' : 'MN',
    latitude: 44.97,
    longitude: -93.26,
    profile_image_url: null,
    average_rating: null,
    total_ratings: 0,
    language_preference: 'en' as const,
  };
}

async function restaurantIn(city: 'Minneapolis' | 'Detroit', name: string): Promise<Account> {
  const r = await h.user('restaurant');
  await h.publish('identity.restaurant_profile.updated.v1', {
    ...profile(r.id, name, city),
    description: '',
    address: '1 Main St',
    logo_url: null,
    cuisine_types: [],
  });
  await eventually(async () => {
    const [row] = await h.database.rows<{ city: string }>(
      sql`select city from payments.profile_names where user_id = ${r.id}`,
    );
    expect(row?.city).toBe(city);
  });
  return r;
}

async function bookedShift(r: Account, c: Account, hours: number, startsInMs: number): Promise<PaidShift> {
  const { jobId, pay, start, end } = await h.postJob(r, hours, 25, startsInMs);
  const applicationId = await h.apply(jobId, r.id, c.id);
  await h.payWithCard(r, applicationId);
  await h.accept(jobId, r.id, c.id, applicationId);
  return { restaurant: r, chef: c, jobId, applicationId, pay, start, end };
}

const status = async (shift: PaidShift) =>
  (await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_status;
const get = (path: string, who?: Account) => h.call('GET', path, who?.token);

/** The calendar year of now in Chicago (the chef's zone here). */
const thisYear = () =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric' }).format(new Date()),
  );

beforeAll(async () => {
  minneapolis = await restaurantIn('Minneapolis', 'Bistro Nord');
  detroit = await restaurantIn('Detroit', 'Motor City Grill');
  chef = await h.user('chef');
  await h.publish('identity.chef_profile.updated.v1', {
    ...profile(chef.id, 'Ana Ruiz', 'Minneapolis'),
    bio: '',
    travel_radius: 15,
    skills: [],
    hourly_rate_min: null,
  });
  await h.onboard(chef);

  shifts.paid = await bookedShift(minneapolis, chef, 8, 1 * DAY);
  shifts.refunded = await bookedShift(minneapolis, chef, 4, 3 * DAY);
  shifts.late = await bookedShift(minneapolis, chef, 8, 2 * HOUR);
  shifts.detroit = await bookedShift(detroit, chef, 6, 2 * DAY);
  const { paid, refunded, late } = shifts;
  await h.checkout(paid.jobId, minneapolis.id, chef.id, paid.applicationId, 'release', paid.pay);
  await h.checkout(refunded.jobId, minneapolis.id, chef.id, refunded.applicationId, 'refund', refunded.pay);
  const d = shifts.detroit;
  await h.checkout(d.jobId, detroit.id, chef.id, d.applicationId, 'release', d.pay);
  await eventually(async () => expect(await h.jobPayment(late.jobId, chef.token)).toBeTruthy());
  await h.cancel(late.jobId, minneapolis.id, undefined, cancellationFigures(late, quoteFor(h, late)));
  await eventually(async () => {
    expect(await status(paid)).toBe('completed');
    expect(await status(refunded)).toBe('refunded');
    expect(await status(late)).toBe('settled');
    expect(await status(shifts.detroit)).toBe('completed');
  }, 30_000);
  await h.expectLedgerGreen();
}, 180_000);

describe('GET /payments/earnings/tax-year', () => {
  test("a chef's year adds up to the earnings paid out in it, by restaurant, most paid first", async () => {
    const year = thisYear();
    const earnings = (await get('/payments/earnings', chef)).body;
    const paidRows = earnings.shifts.filter(
      (s: any) => s.paid_out_at !== null && new Date(s.paid_out_at).getUTCFullYear() === year,
    );
    expect(paidRows).toHaveLength(3);
    const res = await get(`/payments/earnings/tax-year?year=${year}`, chef);
    expect(res.status).toBe(200);
    const gross = paidRows.reduce((t: number, s: any) => t + s.gross_pay_cents, 0);
    expect(res.body).toMatchObject({
      year,
      gross_pay_cents: gross,
      tips_cents: 0,
      instant_payout_fees_cents: 0,
      shifts: 3,
      threshold_cents: 200_000,
      reached_threshold: gross >= 200_000,
      time_zone: 'America/Chicago',
    });
    expect(res.body.note).toMatch(/Stripe Connect/);
    const byId = (id: string) => paidRows.filter((s: any) => s.restaurant_id === id);
    const sum = (rows: any[]) => rows.reduce((t, s) => t + s.gross_pay_cents, 0);
    const expected = [
      {
        restaurant_id: minneapolis.id,
        restaurant_name: 'Bistro Nord',
        shifts: 2,
        gross_pay_cents: sum(byId(minneapolis.id)),
        tips_cents: 0,
      },
      {
        restaurant_id: detroit.id,
        restaurant_name: 'Motor City Grill',
        shifts: 1,
        gross_pay_cents: sum(byId(detroit.id)),
        tips_cents: 0,
      },
    ].sort((a, b) => b.gross_pay_cents - a.gross_pay_cents);
    expect(res.body.restaurants).toEqual(expected);
  });

  test('a year with no pay is zeros; the CSV has a header, the year and a row per restaurant', async () => {
    const empty = await get('/payments/earnings/tax-year?year=2020', chef);
    expect(empty.body).toMatchObject({ year: 2020, gross_pay_cents: 0, shifts: 0, restaurants: [] });
    expect(empty.body.reached_threshold).toBe(false);
    const file = await get(`/payments/earnings/tax-year?year=${thisYear()}&format=csv`, chef);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (file.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'item,restaurant,shifts,gross_pay,tips,instant_payout_fees,reached_threshold,threshold,restaurant_id',
    );
    expect(lines).toHaveLength(4);
    const json = (await get(`/payments/earnings/tax-year?year=${thisYear()}`, chef)).body;
    const dollars = (c: number) => (c / 100).toFixed(2);
    expect(lines[1]).toBe(`year ${thisYear()},,3,${dollars(json.gross_pay_cents)},0.00,0.00,no,2000.00,`);
    expect(lines.some((l) => l.startsWith('restaurant,Motor City Grill,1,'))).toBe(true);
  });

  test('a restaurant is refused (403), no year or a bad one is a 400', async () => {
    expect((await get('/payments/earnings/tax-year?year=2026', minneapolis)).status).toBe(403);
    expect((await get('/payments/earnings/tax-year?year=2026')).status).toBe(401);
    for (const q of ['', '?year=26', '?year=1999', '?year=abcd', '?year=2026&format=pdf']) {
      const res = await get(`/payments/earnings/tax-year${q}`, chef);
      expect(res.status).toBe(400);
      expect(res.body.code).toEqual(expect.any(String));
    }
  });
});

/** The ISO weeks (in Chicago) in which the restaurant's movements were booked. */
async function weeksOf(restaurantId: string): Promise<string[]> {
  const rows = await h.database.rows<{ created_at: Date | string }>(
    sql`select e.created_at from payments.ledger_entries e join payments.job_payments j using (job_id)
        where j.restaurant_id = ${restaurantId}`,
  );
  return [...new Set(rows.map((r) => formatIsoWeek(isoWeekAt(new Date(r.created_at), 'America/Chicago'))))];
}

describe('GET /payments/statements', () => {
  test("a restaurant's weeks add up to the receipts of its shifts, by shift and chef", async () => {
    const receipts = (await get('/payments/receipts', minneapolis)).body;
    const totals = { charged_cents: 0, refunded_cents: 0, fees_cents: 0, tips_cents: 0, net_cents: 0 };
    const lines: any[] = [];
    for (const week of await weeksOf(minneapolis.id)) {
      const res = await get(`/payments/statements?week=${week}`, minneapolis);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ week, time_zone: 'America/Chicago' });
      for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += res.body.totals[k];
      lines.push(...res.body.lines);
    }
    expect(totals).toEqual({
      charged_cents: receipts.totals.charged_cents,
      refunded_cents: receipts.totals.refund_cents,
      fees_cents: receipts.totals.platform_fee_cents,
      tips_cents: 0,
      net_cents: receipts.totals.net_charged_cents,
    });
    // Each shift's charge, its fee and refund, named with the chef; nothing of the Detroit restaurant.
    const kinds = (jobId: string) =>
      lines
        .filter((l) => l.job_id === jobId)
        .map((l) => l.kind)
        .sort();
    expect(kinds(shifts.paid.jobId)).toEqual(['charge', 'fee']);
    expect(kinds(shifts.refunded.jobId)).toEqual(['charge', 'refund']);
    expect(kinds(shifts.late.jobId)).toEqual(expect.arrayContaining(['charge', 'refund']));
    expect(lines.every((l) => l.chef_name === 'Ana Ruiz' && l.position === 'Line Cook')).toBe(true);
    expect(lines.map((l) => l.job_id)).not.toContain(shifts.detroit.jobId);
  });

  test('as CSV: a header, a row per movement and a totals row in dollars', async () => {
    const [week] = await weeksOf(minneapolis.id);
    const json = (await get(`/payments/statements?week=${week}`, minneapolis)).body;
    const file = await get(`/payments/statements?week=${week}&format=csv`, minneapolis);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`brigade-statement-${week}`);
    const rows = (file.body as string).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'week,at,shift_start,position,seat,chef,kind,amount,charged,refunded,fees,tips,net,provider_id,job_id',
    );
    expect(rows).toHaveLength(json.lines.length + 2);
    expect(rows.at(-1)).toBe(
      `${week},totals,,,,,,,${(json.totals.charged_cents / 100).toFixed(2)},${(json.totals.refunded_cents / 100).toFixed(2)},${(json.totals.fees_cents / 100).toFixed(2)},0.00,${(json.totals.net_cents / 100).toFixed(2)},,`,
    );
  });

  test('the week is in the restaurant zone: a Sunday-night charge is last week in Chicago, this week in Detroit', async () => {
    // Sunday Nov 29 2026, 23:30 in Chicago is Monday Nov 30, 00:30 in Detroit.
    const instant = new Date('2026-11-30T05:30:00Z');
    const m = await restaurantIn('Minneapolis', 'Late Night Diner');
    const d = await restaurantIn('Detroit', 'Corktown Kitchen');
    for (const r of [m, d]) {
      const shift = await bookedShift(r, chef, 4, 5 * DAY);
      await h.database.rows(
        sql`update payments.ledger_entries set created_at = ${instant.toISOString()}
            where job_id = ${shift.jobId} and kind = 'charge'`,
      );
    }
    const jobsIn = async (r: Account, week: string) => {
      const res = await get(`/payments/statements?week=${week}`, r);
      expect(res.status).toBe(200);
      return res.body;
    };
    const chicagoW48 = await jobsIn(m, '2026-W48');
    expect(chicagoW48.lines.map((l: any) => l.kind)).toEqual(['charge']);
    expect(chicagoW48.starts_at).toBe('2026-11-23T06:00:00.000Z');
    expect((await jobsIn(m, '2026-W49')).lines).toEqual([]);
    const detroitW49 = await jobsIn(d, '2026-W49');
    expect(detroitW49).toMatchObject({ time_zone: 'America/Detroit', starts_at: '2026-11-30T05:00:00.000Z' });
    expect(detroitW49.lines.map((l: any) => l.kind)).toEqual(['charge']);
    expect((await jobsIn(d, '2026-W48')).lines).toEqual([]);
  });

  test('a week that is not a real ISO week is a 400 PAYMENTS.BAD_WEEK; chefs are refused', async () => {
    for (const week of ['2025-W53', '2026-W00', '2026-W54', 'junk', '2026-48']) {
      const res = await get(`/payments/statements?week=${week}`, minneapolis);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'week must be an ISO week like 2026-W48',
        code: 'PAYMENTS.BAD_WEEK',
      });
    }
    expect((await get('/payments/statements?week=2026-W53', minneapolis)).status).toBe(200);
    expect((await get('/payments/statements?week=2026-W48', chef)).status).toBe(403);
    // No week: the last complete one in the restaurant's zone.
    const last = await get('/payments/statements', detroit);
    const now = isoWeekRange(isoWeekAt(new Date(), 'America/Detroit'), 'America/Detroit');
    expect(last.body.week).toBe(
      formatIsoWeek(isoWeekAt(new Date(now.starts_at.getTime() - 1), 'America/Detroit')),
    );
  });
});

describe('the Monday text', () => {
  const readyEvents = async (restaurantId: string) =>
    h.database.rows<{ payload: any }>(
      sql`select payload from payments.outbox
          where type = 'payments.statement.ready.v1' and payload->>'restaurant_id' = ${restaurantId}`,
    );

  test('on STATEMENT_DAY each restaurant with movements is told once per week, however often the scheduler runs', async () => {
    // The Monday after this week, 9 am in Chicago: this week (when the shifts were paid) is the last complete one.
    const thisWeek = isoWeekAt(new Date(), 'America/Chicago');
    const nextMonday = new Date(isoWeekRange(thisWeek, 'America/Chicago').ends_at.getTime() + 9 * HOUR);
    const sunday = new Date(nextMonday.getTime() - DAY);
    // On Sunday this week is not over: nothing about it is sent.
    await h.service.statementSender.runOnce(sunday);
    expect(
      (await readyEvents(minneapolis.id)).filter((e) => e.payload.week === formatIsoWeek(thisWeek)),
    ).toEqual([]);
    // Two passes at once (two instances), then another (a restart): one event.
    await Promise.all([
      h.service.statementSender.runOnce(nextMonday),
      h.service.statementSender.runOnce(nextMonday),
    ]);
    await h.service.statementSender.runOnce(nextMonday);
    const week = formatIsoWeek(thisWeek);
    const statement = (await get(`/payments/statements?week=${week}`, minneapolis)).body;
    const events = (await readyEvents(minneapolis.id)).filter((e) => e.payload.week === week);
    expect(events.map((e) => e.payload)).toEqual([
      {
        restaurant_id: minneapolis.id,
        week,
        charged_cents: statement.totals.charged_cents,
        net_cents: statement.totals.net_cents,
        path: `/statements?week=${week}`,
      },
    ]);
    const sends = await h.database.rows(
      sql`select week from payments.statement_sends where restaurant_id = ${minneapolis.id}`,
    );
    expect(sends).toEqual([{ week }]);
  });

  test('a week with no movement is not sent', async () => {
    const quiet = await restaurantIn('Minneapolis', 'Quiet Cafe');
    await h.service.statementSender.runOnce(new Date(Date.now() + 7 * DAY));
    expect(await readyEvents(quiet.id)).toEqual([]);
  });
});

import { eventually } from '@brigade/kit/testing';
import { formatIsoWeek, isoWeekAt, isoWeekRange } from '@brigade/contracts';
import type { ServiceHandle } from '@brigade/kit';
import type { StatementSender } from '../../services/payments/src/scheduler/statement-sender';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  checkout,
  expectStatus,
  payJob,
  postJob,
  signUp,
  startStack,
  untilEnded,
  type Account,
  type Stack,
  textsSentTo,
} from './support/stack';

// Issue 38's statements through the whole product (gateway, five services, bus; PostgreSQL, RabbitMQ and Redis
// in real mode): a restaurant in Detroit pays two shifts of one chef; one is worked and paid out, the other
// cancelled late (the chef's cancellation pay, the rest refunded). The chef's tax year adds up to their
// earnings, the restaurant's ISO weeks (in Detroit's zone) add up to its receipts, and on STATEMENT_DAY the
// restaurant is texted the link to its week once, however often the scheduler passes. ledger:check stays green.

const SHIFT_HOURS = 31 / 3600;
const ZONE = 'America/Detroit';
let stack: Stack;
let restaurant: Account;
let chef: Account;
const jobs: string[] = [];

beforeAll(async () => {
  stack = await startStack({
    LATE_CANCEL_WINDOW: '1h',
    CHECKOUT_DEADLINE: '1h',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  });
  [restaurant, chef] = await Promise.all([signUp(stack, 'restaurant'), signUp(stack, 'chef')]);

  // A shift in half an hour, cancelled inside the late window: the chef's cancellation pay, the rest refunded
  // (first: the chef is free again for the next one).
  const late = await postJob(stack, restaurant, 30 * 60_000, 8, 25);
  await payJob(stack, restaurant, late);
  const lateApp = await apply(stack, chef, late);
  await acceptAndConfirm(stack, restaurant, chef, lateApp);
  expectStatus(
    await stack.call('POST', `/api/jobs/${late.id}/cancel`, {
      token: restaurant.token,
      body: { reason: 'Private event moved' },
    }),
    200,
  );
  // A shift of 31 s, worked and checked out by both: paid out.
  const worked = await postJob(stack, restaurant, 45_000, SHIFT_HOURS, 60);
  await payJob(stack, restaurant, worked);
  const workedApp = await apply(stack, chef, worked);
  await acceptAndConfirm(stack, restaurant, chef, workedApp);
  await untilEnded(worked);
  await checkout(stack, chef, workedApp);
  await checkout(stack, restaurant, workedApp);
  jobs.push(worked.id, late.id);
  await eventually(async () => {
    for (const id of jobs) {
      const m = await get(restaurant, `/payments/job/${id}`);
      expect(['completed', 'settled']).toContain(m.payment_status);
      expect(m.ledger.transferred_cents).toBeGreaterThan(0);
    }
  }, 60_000);
}, 240_000);
afterAll(() => stack?.close());
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const get = async (who: Account, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;

const textsTo = (account: Account) => textsSentTo(stack, account);

const thisYear = () =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric' }).format(new Date()));

test("the chef's tax year adds up to their earnings of the year", async () => {
  const year = thisYear();
  const earnings = await get(chef, '/payments/earnings');
  const paid = earnings.shifts.filter((s: { paid_out_at: string | null }) => s.paid_out_at !== null);
  expect(paid.map((s: { job_id: string }) => s.job_id).sort()).toEqual([...jobs].sort());
  const gross = paid.reduce((t: number, s: { gross_pay_cents: number }) => t + s.gross_pay_cents, 0);
  const taxYear = await get(chef, `/payments/earnings/tax-year?year=${year}`);
  expect(taxYear).toMatchObject({
    year,
    gross_pay_cents: gross,
    tips_cents: 0,
    instant_payout_fees_cents: 0,
    shifts: 2,
    reached_threshold: gross >= 200_000,
    threshold_cents: 200_000,
    time_zone: ZONE,
  });
  expect(taxYear.restaurants).toEqual([
    expect.objectContaining({ restaurant_id: restaurant.id, shifts: 2, gross_pay_cents: gross }),
  ]);
  expect(taxYear.note).toMatch(/Stripe Connect/);
  const csv = await stack.call('GET', `/api/payments/earnings/tax-year?year=${year}&format=csv`, {
    token: chef.token,
  });
  expect(csv.status).toBe(200);
  expect(csv.text.split('\r\n')[1]).toContain(`,2,${(gross / 100).toFixed(2)},0.00,0.00,`);
});

test("the restaurant's weekly statements add up to its receipts, by shift and chef", async () => {
  const receipts = await get(restaurant, '/payments/receipts');
  // The weeks (in Detroit) in which the shifts' money moved: usually this one.
  const weeks = new Set<string>();
  for (const id of jobs)
    for (const e of (await get(restaurant, `/payments/job/${id}`)).ledger.entries)
      weeks.add(formatIsoWeek(isoWeekAt(new Date(e.at), ZONE)));
  const totals = { charged_cents: 0, refunded_cents: 0, fees_cents: 0, tips_cents: 0, net_cents: 0 };
  const lines: Array<{ job_id: string; kind: string; chef_id: string | null }> = [];
  for (const week of weeks) {
    const s = await get(restaurant, `/payments/statements?week=${week}`);
    expect(s).toMatchObject({ week, time_zone: ZONE });
    for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += s.totals[k];
    lines.push(...s.lines);
  }
  expect(totals).toEqual({
    charged_cents: receipts.totals.charged_cents,
    refunded_cents: receipts.totals.refund_cents,
    fees_cents: receipts.totals.platform_fee_cents,
    tips_cents: 0,
    net_cents: receipts.totals.net_charged_cents,
  });
  expect(new Set(lines.map((l) => l.job_id))).toEqual(new Set(jobs));
  expect(lines.every((l) => l.chef_id === chef.id)).toBe(true);
  const refused = await stack.call('GET', '/api/payments/statements?week=2025-W53', {
    token: restaurant.token,
  });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('PAYMENTS.BAD_WEEK');
});

test('on STATEMENT_DAY the restaurant is texted the link to its week, once', async () => {
  const handle = stack.brigade.services.payments!.handle as ServiceHandle & {
    statementSender: StatementSender;
  };
  // The Monday after this week (in Detroit), 9 am: this week is the last complete one. The scheduler's pass
  // runs at that moment twice, as two instances or a restart would.
  const thisWeek = isoWeekAt(new Date(), ZONE);
  const monday = new Date(isoWeekRange(thisWeek, ZONE).ends_at.getTime() + 9 * 3_600_000);
  const week = formatIsoWeek(thisWeek);
  await Promise.all([handle.statementSender.runOnce(monday), handle.statementSender.runOnce(monday)]);
  await handle.statementSender.runOnce(monday);
  const statement = await get(restaurant, `/payments/statements?week=${week}`);
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const [text] = await eventually(async () => {
    const found = (await textsTo(restaurant)).filter((t) => t.includes('/statements?week='));
    expect(found).toHaveLength(1);
    return found;
  }, 30_000);
  expect(text).toContain(`${money(statement.totals.charged_cents)} charged`);
  expect(text).toMatch(new RegExp(`https?://\\S+/statements\\?week=${week}$`));
  // A while later, still one.
  await new Promise((r) => setTimeout(r, 1_500));
  expect((await textsTo(restaurant)).filter((t) => t.includes('/statements?week='))).toHaveLength(1);
});

import { sql } from '@brigade/kit';
import { loadPolicy } from '@brigade/contracts';
import { runLedgerCheck } from '../src/scripts/ledger-check';
import { findStuckMoney } from '../src/queries/report-stuck-money';
import { eventually, usePayments } from './harness';
import { cancellationFigures, deadlinePassed, quoteFor, type PaidShift } from './rules';

// `npm run ledger:check`'s stuck-money report (issue 16: no dollar stays in escrow past its deadline) and the
// ledger rules of a split, through the same function the command runs.

const h = usePayments({ env: { MONEY_TASK_RETRY_DELAYS_MS: '50,100,200' }, ledgerAfterEach: true });

const HOUR = 3_600_000;
const inAMonth = () => new Date(Date.now() + 30 * 24 * HOUR);
const stuckIds = async (now?: Date) => (await h.stuck(now)).stuck.map((j) => j.job_id);
const status = async (shift: PaidShift) =>
  (await h.jobPayment(shift.jobId, shift.restaurant.token)).payment_status;

async function ledgerCheck(now?: Date) {
  const lines: string[] = [];
  const ok = await runLedgerCheck(h.database, (l) => lines.push(l), { policy: h.config.policy, now });
  return { ok, lines };
}

test('a paid shift still held an hour after its checkout deadline is stuck money: ledger:check says why and fails until it is paid out', async () => {
  // Ended 52 hours ago: its checkout deadline (end + 48 h) passed 4 hours ago.
  const shift = await h.paidJob({ startsInMs: -60 * HOUR, onboard: true });
  const report = await h.stuck();
  const stuck = report.stuck.find((j) => j.job_id === shift.jobId);
  expect(stuck).toMatchObject({ status: 'held_in_escrow', held_cents: shift.pay.totalCents });
  expect(stuck!.deadline.toISOString()).toBe(new Date(shift.end.getTime() + 48 * HOUR).toISOString());
  expect(stuck!.why).toMatch(/checkout deadline .* passed .*nothing decided/);

  const failing = await ledgerCheck();
  expect(failing.ok).toBe(false);
  expect(failing.lines).toContainEqual(expect.stringMatching(/^1 job\(s\) with stuck money/));
  expect(failing.lines).toContainEqual(
    expect.stringContaining(`STUCK job ${shift.jobId} held_in_escrow $214.00 held`),
  );

  await deadlinePassed(h, shift, 'release', { restaurant: null, chef: null });
  await eventually(async () => expect(await status(shift)).toBe('completed'));
  expect(await stuckIds(inAMonth())).not.toContain(shift.jobId);
  const passing = await ledgerCheck();
  expect(passing.ok).toBe(true);
  expect(passing.lines).toContainEqual(expect.stringMatching(/^0 job\(s\) with stuck money/));
});

test('a cancelled shift whose refund cannot reach the provider is stuck an hour after the cancellation, and no longer once refunded', async () => {
  const shift = await h.paidJob();
  await h.callSandbox('POST', '/sandbox/faults/stripe', undefined, { path: '/v1/refunds', mode: '500' });
  await h.cancel(shift.jobId, shift.restaurant.id);
  await eventually(async () =>
    expect((await h.jobPayment(shift.jobId, shift.restaurant.token)).settlement).toMatchObject({
      kind: 'refund',
      state: 'delayed',
      reason: 'provider_unavailable',
    }),
  );
  // Within STUCK_MONEY_AFTER of the cancellation: on its way, not stuck.
  expect(await stuckIds()).not.toContain(shift.jobId);
  const later = (await h.stuck(new Date(Date.now() + 2 * HOUR))).stuck.find((j) => j.job_id === shift.jobId);
  expect(later?.why).toMatch(
    /^cancelled at .*refund pending after \d+ attempt\(s\) \(last failure: provider\)/,
  );

  await h.callSandbox('DELETE', '/sandbox/faults/stripe');
  await eventually(async () => expect(await status(shift)).toBe('refunded'), 20_000);
  expect(await stuckIds(inAMonth())).not.toContain(shift.jobId);
});

test('a settled split is not stuck, and ledger:check lists it as closed and balanced', async () => {
  const shift = await h.paidJob({ onboard: true, startsInMs: 2 * HOUR });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  const quote = quoteFor(h, shift);
  await h.cancel(shift.jobId, shift.restaurant.id, undefined, cancellationFigures(shift, quote));
  await eventually(async () => expect(await status(shift)).toBe('settled'));
  expect(await stuckIds(inAMonth())).not.toContain(shift.jobId);
  const { ok, lines } = await ledgerCheck(inAMonth());
  expect(ok).toBe(true);
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^ok +job ${shift.jobId} settled +charged ${shift.pay.totalCents} = transferred ${quote.chef_pay_cents} \\+ fee ${quote.fee_cents} \\+ refunded ${quote.refund_cents}$`,
      ),
    ),
  );
});

test('the report follows CHECKOUT_DEADLINE and STUCK_MONEY_AFTER from the environment', async () => {
  // Ends now: with the default 48 h deadline it is not due for two days; with 1 s (and 1 s of grace) it is
  // stuck three seconds later.
  const shift = await h.paidJob({ hours: 8, startsInMs: -8 * HOUR, onboard: true });
  const soon = new Date(Date.now() + 3_000);
  expect((await findStuckMoney(h.database, h.config.policy, soon)).stuck.map((j) => j.job_id)).not.toContain(
    shift.jobId,
  );
  const short = loadPolicy({ CHECKOUT_DEADLINE: '1s', STUCK_MONEY_AFTER: '1s' });
  expect((await findStuckMoney(h.database, short, soon)).stuck.map((j) => j.job_id)).toContain(shift.jobId);
  await deadlinePassed(h, shift, 'release', { restaurant: true, chef: null });
  await eventually(async () => expect(await status(shift)).toBe('completed'));
});

test('a held job posted before payments kept shift times is named apart, not guessed at', async () => {
  const shift = await h.paidJob();
  await h.database.db.execute(
    sql`update payments.job_payments set start_time = null, end_time = null where job_id = ${shift.jobId}`,
  );
  const report = await h.stuck(inAMonth());
  expect(report.withoutTimes).toContain(shift.jobId);
  expect(report.stuck.map((j) => j.job_id)).not.toContain(shift.jobId);
  // Its cancellation (which carries the times) dates it again, and refunds it.
  await h.cancel(shift.jobId, shift.restaurant.id);
  await eventually(async () => expect(await status(shift)).toBe('refunded'));
});

test('ledger:check fails a settled job whose movements differ from its decision', async () => {
  const shift = await h.paidJob({ onboard: true, startsInMs: 2 * HOUR });
  await h.accept(shift.jobId, shift.restaurant.id, shift.chef.id, shift.applicationId);
  await h.cancel(shift.jobId, shift.restaurant.id, undefined, cancellationFigures(shift, quoteFor(h, shift)));
  await eventually(async () => expect(await status(shift)).toBe('settled'));
  // Tamper with the books: the fee kept moves 100 cents to the refund (still balanced, no longer 7%).
  const move = async (cents: number) => {
    await h.database.db.execute(
      sql`update payments.ledger_entries set amount_cents = amount_cents - ${cents} where job_id = ${shift.jobId} and kind = 'fee'`,
    );
    await h.database.db.execute(
      sql`update payments.ledger_entries set amount_cents = amount_cents + ${cents} where job_id = ${shift.jobId} and kind = 'refund'`,
    );
  };
  await move(100);
  const { ok, lines } = await ledgerCheck();
  expect(ok).toBe(false);
  expect(lines.find((l) => l.includes(shift.jobId))).toMatch(/^FAIL .*not 7%|^FAIL .*!= 7%/);
  await move(-100);
});

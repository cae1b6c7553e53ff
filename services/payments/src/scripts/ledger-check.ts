// `npm run ledger:check`: verify the escrow ledger of every job, by the state of its money (closed: charged =
// transferred + fee + refunded, a split as decided; held: charged = the job's total and only parts of its
// decision moved; unpaid: nothing charged), list the money facts payments refused (anomalies), and report stuck
// money: jobs still held more than STUCK_MONEY_AFTER after their rule's deadline (CHECKOUT_DEADLINE after the
// shift's end, or the moment it was cancelled, expired or decided). Exits 1 on any violation or stuck money.
// Issue 34: a job with a timesheet is checked against timesheetMoney of its recorded figures (all its charges =
// transferred + fee + refunded, part by part: the escrow's and the extra's); an approved timesheet whose money
// has not moved, an extra neither collected nor failed, or a collected extra not transferred is stuck; balances
// owed past BALANCE_DUE_AFTER are listed (owed money, not held: they do not fail the check).
// Issue 35 (ADR 0030): every charge of a job counts (the posting's at seat 0, added seats', extras'), and each seat
// is listed under its job (indented): nothing moved for it beyond its share (seatShare) plus its collected extra.
// Issue 35 (ADR 0031): an edit's charge and refund are booked at seat 0 with the edit's part; an edit's refund nets
// the posting's charges (the posting then comes to its new total), an edit's charge counts once the edit took
// effect (or with its refund, once dropped), and a refund split across a job's charges is one entry per split.
//
// Where: DATABASE_URL (the payments database `<base>_payments`) or PAYMENTS_DATABASE_URL whole; with neither,
// the embedded default's data (`.data/pglite`, or BRIGADE_DATA_DIR), which only one process may open at a time:
// stop `npm start` first (the command says so if it is running).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  claimEmbeddedData,
  embeddedDataDir,
  EmbeddedDataBusy,
  openDatabase,
  serviceDatabaseUrl,
  type Connection,
  type Database,
} from '@brigade/kit';
import {
  CLOSED_PAYMENT_STATUSES,
  formatDuration,
  formatUsd,
  HELD_PAYMENT_STATUSES,
  loadPolicy,
  PAYABLE_PAYMENT_STATUSES,
  PolicyError,
  type Policy,
} from '@brigade/contracts';
import { latestAnomalies } from '../db/anomalies.repository';
import { ledgerExists } from '../db/ledger.repository';
import { checkLedger, checkPayoutLedger } from '../queries/check-ledger';
import type { StuckPolicy } from '../domain/stuck-money';
import { findStuckMoney } from '../queries/report-stuck-money';

export interface LedgerCheckOptions {
  /** The money rules' durations (default: from this process's environment, as the services read them). */
  policy?: StuckPolicy;
  now?: Date;
}

export async function runLedgerCheck(
  database: Database,
  print: (line: string) => void = console.log,
  options: LedgerCheckOptions = {},
): Promise<boolean> {
  const checks = await checkLedger(database);
  for (const c of checks) {
    const figures = `charged ${c.charged_cents} = transferred ${c.transferred_cents} + fee ${c.fee_cents} + refunded ${c.refunded_cents}`;
    const problems = [
      ...c.problems,
      ...c.seats.flatMap((s) => s.problems),
      ...(c.card_disputes ?? []).flatMap((d) => d.problems),
    ];
    print(
      `${c.ok ? 'ok  ' : 'FAIL'} job ${c.job_id} ${c.status.padEnd(14)} ${figures}${c.ok ? '' : `  <- ${problems.join('; ')}`}`,
    );
    // Each seat under its job (issue 35): what left the escrow for it against its share, and its extra.
    for (const s of c.seats)
      print(
        `    ${s.ok ? 'ok  ' : 'FAIL'} seat ${s.seat_no} moved ${s.moved_cents} of share ${s.share_cents}` +
          (s.extra_charged_cents || s.extra_moved_cents
            ? `, extra moved ${s.extra_moved_cents} of collected ${s.extra_charged_cents}`
            : ''),
      );
    // Issue 38: each card dispute under its job: withdrawn, then won back or lost (and paid back, or owed).
    for (const d of c.card_disputes ?? [])
      print(
        `    ${d.ok ? 'ok  ' : 'FAIL'} card dispute ${d.id} ${formatUsd(d.amount_cents)} ${d.outcome ?? 'open'}` +
          (d.owed_cents ? `, owed by the restaurant ${formatUsd(d.owed_cents)} (a debt, not a problem)` : ''),
      );
  }
  const failed = checks.filter((c) => !c.ok).length;
  const byState = (states: readonly string[]) => checks.filter((c) => states.includes(c.status)).length;
  print(
    `${checks.length} job(s) checked (${byState(CLOSED_PAYMENT_STATUSES)} closed, ${byState(HELD_PAYMENT_STATUSES)} held, ${byState(PAYABLE_PAYMENT_STATUSES)} unpaid), ${failed} violation(s)`,
  );
  // Issue 38: each instant payout by its own rule (fee collected, net paid out, a failed one's fee returned).
  const payouts = await checkPayoutLedger(database);
  for (const p of payouts)
    print(
      `${p.ok ? 'ok  ' : 'FAIL'} instant payout ${p.payout_id} ${p.status.padEnd(8)} fee ${p.fee_cents} net ${p.net_cents}${p.ok ? '' : `  <- ${p.problems.join('; ')}`}`,
    );
  const payoutsFailed = payouts.filter((p) => !p.ok).length;
  print(`${payouts.length} instant payout(s) checked, ${payoutsFailed} violation(s)`);
  const owed = checks.flatMap((c) => c.card_disputes ?? []).filter((d) => d.owed_cents > 0);
  print(
    `${owed.length} lost card dispute(s) owed by their restaurant (${formatUsd(owed.reduce((t, d) => t + d.owed_cents, 0))}; the restaurant cannot post until it settles)`,
  );
  const anomalies = await latestAnomalies(database, 10);
  print(
    `${anomalies.total} money fact(s) refused as not matching our records or the provider (anomalies; they moved nothing)`,
  );
  for (const a of anomalies.rows)
    print(
      `  anomaly ${new Date(a.created_at).toISOString()} ${a.reason} ${a.event_type ?? a.source} ${a.object_id ?? ''}${a.job_id ? ` job ${a.job_id}` : ''}`,
    );
  const stuck = await printStuckMoney(database, print, options);
  return failed === 0 && payoutsFailed === 0 && stuck === 0;
}

/** The stuck-money report; returns how many jobs are stuck. */
async function printStuckMoney(
  database: Database,
  print: (line: string) => void,
  options: LedgerCheckOptions,
): Promise<number> {
  const policy = options.policy ?? loadPolicy(process.env);
  const report = await findStuckMoney(database, policy, options.now);
  const after = formatDuration(policy.stuckMoneyAfterMs, 'en');
  print(
    `${report.stuck.length} job(s) with stuck money (held more than ${after} after their rule's deadline)`,
  );
  for (const j of report.stuck)
    print(
      `  STUCK job ${j.job_id} ${j.status} ${formatUsd(j.held_cents)} held, due out by ${j.deadline.toISOString()}: ${j.why}`,
    );
  print(
    `${report.awaitingDecision.length} disputed job(s) awaiting an operator's decision (held, not stuck until decisions exist)`,
  );
  for (const j of report.awaitingDecision)
    print(
      `  awaiting job ${j.job_id} ${formatUsd(j.held_cents)} held${j.since ? ` since ${j.since.toISOString()}` : ''}`,
    );
  print(
    `${report.owed.length} extra-hours balance(s) owed past BALANCE_DUE_AFTER (owed money, shown in the operator console)`,
  );
  for (const b of report.owed)
    print(
      `  OWED job ${b.job_id} application ${b.application_id} restaurant ${b.restaurant_id} ${formatUsd(b.amount_cents)}, due ${b.due_at.toISOString()}`,
    );
  if (report.withoutTimes.length)
    print(
      `${report.withoutTimes.length} held job(s) posted before payments kept shift times: not checked for stuck money`,
    );
  return report.stuck.length;
}

/** The payments database this command reads, and how to let go of it. */
async function openPayments(): Promise<{ connection: Connection; release: () => Promise<void> } | null> {
  const url = process.env.PAYMENTS_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url)
    return { connection: { url: serviceDatabaseUrl(url, 'payments'), poolSize: 2 }, release: async () => {} };
  const dataDir = embeddedDataDir();
  if (!existsSync(dataDir)) return null;
  const release = claimEmbeddedData(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dataDir);
  return {
    connection: { pglite },
    release: async () => {
      await pglite.close();
      release();
    },
  };
}

async function main() {
  let opened: Awaited<ReturnType<typeof openPayments>>;
  try {
    opened = await openPayments();
  } catch (err) {
    console.error(err instanceof EmbeddedDataBusy ? err.message : `ledger:check: ${(err as Error).message}`);
    process.exitCode = 2;
    return;
  }
  if (!opened) {
    console.log(
      `no embedded data at ${embeddedDataDir()} (npm start has not run here) and no DATABASE_URL: 0 jobs checked`,
    );
    return;
  }
  let policy: Policy;
  try {
    policy = loadPolicy(process.env);
  } catch (err) {
    if (!(err instanceof PolicyError)) throw err;
    console.error(`ledger:check: ${err.message}`);
    process.exitCode = 2;
    await opened.release();
    return;
  }
  const database = await openDatabase(opened.connection, 'payments');
  try {
    if (!(await ledgerExists(database))) {
      console.log('no payments ledger in this database yet (the service has not run): 0 jobs checked');
      return;
    }
    const ok = await runLedgerCheck(database, console.log, { policy });
    process.exitCode = ok ? 0 : 1;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    console.error(`ledger:check could not read the ledger: ${cause?.message ?? (err as Error).message}`);
    process.exitCode = 2;
  } finally {
    await database.close();
    await opened.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

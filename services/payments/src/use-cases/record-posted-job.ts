import type { Executor } from '@brigade/kit';
import { escrowCharge, type EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertJob } from '../db/jobs.repository';
import { insertSeats } from '../db/seat-payments.repository';
import { DecisionRefused } from '../domain/decision';

/**
 * The jobs read model: the amounts a job is charged come only from here, with its times, rate and break. They
 * must be what the posting comes to (`escrowCharge`: the scheduled time less the unpaid break, plus 7%): amounts
 * that differ are refused loudly (dead letter and an anomaly) and the job is never payable.
 */
export async function recordPostedJob(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.posted.v1'>,
) {
  const breakMinutes = data.break_minutes ?? 0;
  const escrow = escrowCharge({ ...data, break_minutes: breakMinutes });
  const problems: string[] = [];
  const expect = (what: string, got: number, want: number) => {
    if (got !== want) problems.push(`${what} ${got} != ${want} (escrowCharge)`);
  };
  expect('subtotal', data.subtotal_cents, escrow.subtotalCents);
  expect('fee', data.fee_cents, escrow.feeCents);
  expect('total', data.total_cents, escrow.totalCents);
  // Issue 35 step 1: every job is one seat; a posting of several chefs is paid from step 2 on.
  if (data.headcount !== 1) problems.push(`headcount ${data.headcount}: payments takes postings of one chef`);
  if (problems.length) throw new DecisionRefused(data.job_id, problems, { ...data });
  await insertJob(ctx.database, tx, { ...data, break_minutes: breakMinutes, headcount: data.headcount });
  await insertSeats(ctx.database, tx, data.job_id, data.headcount);
}

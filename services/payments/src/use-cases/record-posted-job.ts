import { onCommit, type Executor } from '@brigade/kit';
import { escrowCharge, type EventData } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { insertJob } from '../db/jobs.repository';
import { POSTING_SEAT } from '../db/ledger.repository';
import { insertTask } from '../db/money-tasks.repository';
import { insertSeats } from '../db/seat-payments.repository';
import { DecisionRefused } from '../domain/decision';
import { CARD_ON_FILE_REASON } from './charge-card-on-file';

/**
 * The jobs read model: the amounts a job is charged come only from here, with its times, rate, break and
 * headcount. They must be what the posting comes to: `headcount` × `escrowCharge` of the shift (the scheduled
 * time less the unpaid break, plus 7%), one PaymentIntent for the whole posting (issue 35, ADR 0030). Amounts
 * that differ are refused loudly (dead letter and an anomaly) and the job is never payable. Each of its seats is
 * recorded, unbooked, awaiting the posting's payment.
 */
export async function recordPostedJob(
  ctx: PaymentsContext,
  tx: Executor,
  data: EventData<'jobs.job.posted.v1'>,
) {
  const breakMinutes = data.break_minutes ?? 0;
  const seat = escrowCharge({ ...data, break_minutes: breakMinutes });
  const headcount = data.headcount ?? 1;
  const problems: string[] = [];
  if (!Number.isInteger(headcount) || headcount < 1 || headcount > 20)
    problems.push(`headcount ${headcount} is not 1 to 20`);
  const expect = (what: string, got: number, perSeat: number) => {
    if (got !== perSeat * headcount)
      problems.push(`${what} ${got} != ${headcount} × ${perSeat} (escrowCharge of one seat)`);
  };
  expect('subtotal', data.subtotal_cents, seat.subtotalCents);
  expect('fee', data.fee_cents, seat.feeCents);
  expect('total', data.total_cents, seat.totalCents);
  if (problems.length) throw new DecisionRefused(data.job_id, problems, { ...data });
  await insertJob(ctx.database, tx, { ...data, break_minutes: breakMinutes, headcount });
  await insertSeats(ctx.database, tx, data.job_id, headcount);
  // Issue 35 (ADR 0031): a repeat or series occurrence is charged off-session with the card on file, with the
  // event's own key (once: a redelivery issues no second task, a retry asks for the same PaymentIntent).
  if (data.charge_card_on_file) {
    await insertTask(ctx.database, tx, {
      job_id: data.job_id,
      seat_no: POSTING_SEAT,
      kind: 'charge',
      part: 'escrow',
      reason: CARD_ON_FILE_REASON,
      amount_cents: data.total_cents,
      fee_cents: 0,
      destination_user_id: null,
      idempotency_key: data.charge_card_on_file.idempotency_key,
    });
    onCommit(tx, () => ctx.kickMoneyTasks());
  }
}

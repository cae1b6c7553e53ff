import { sql, type Database, type Executor } from '@brigade/kit';
import type { PaymentStatus } from '@brigade/contracts';
import { isClosed, jobStatusOfSeats } from '../domain/escrow-state';
import { markSeat, seatsOf, setOpenSeatsStatus, setSeatChef } from './seat-payments.repository';

export interface JobPaymentRow {
  job_id: string;
  restaurant_id: string;
  title: string;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  status: PaymentStatus;
  payment_intent_id: string | null;
  client_secret: string | null;
  failed_attempts: number;
  last_error_code: string | null;
  last_decline_code: string | null;
  last_error_message: string | null;
  chef_id: string | null;
  cancelled_at: Date | string | null;
  expired_at: Date | string | null;
  start_time?: Date | string | null;
  end_time?: Date | string | null;
  /** The posting's rate and unpaid break (issue 34); null rate for jobs posted before payments kept it. */
  hourly_rate_cents?: number | null;
  break_minutes?: number;
  /** The card the escrow payment kept for off-session charges (its Customer and PaymentMethod). */
  card_customer_id?: string | null;
  card_payment_method_id?: string | null;
  /** The charged card as the provider described it (receipts); null until known. */
  card_brand?: string | null;
  card_last4?: string | null;
  /** The chefs the posting asks for (issue 35): its amounts are the whole posting's, headcount × one seat's. */
  headcount?: number;
}

export async function findJob(
  database: Database,
  jobId: string,
  executor?: Executor,
  lock = false,
): Promise<JobPaymentRow | null> {
  const rows = await database.rows<JobPaymentRow>(
    sql`select * from ${sql.raw(database.schema)}.job_payments where job_id = ${jobId}${lock ? sql` for update` : sql``}`,
    executor,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

export async function findJobByIntent(
  database: Database,
  paymentIntentId: string,
  executor?: Executor,
): Promise<JobPaymentRow | null> {
  const rows = await database.rows<JobPaymentRow>(
    sql`select * from ${sql.raw(database.schema)}.job_payments where payment_intent_id = ${paymentIntentId} for update`,
    executor,
  );
  return rows[0] ? normalize(rows[0]) : null;
}

function normalize(row: JobPaymentRow): JobPaymentRow {
  return {
    ...row,
    subtotal_cents: Number(row.subtotal_cents),
    fee_cents: Number(row.fee_cents),
    total_cents: Number(row.total_cents),
    failed_attempts: Number(row.failed_attempts),
    hourly_rate_cents: row.hourly_rate_cents == null ? null : Number(row.hourly_rate_cents),
    break_minutes: Number(row.break_minutes ?? 0),
    headcount: Number(row.headcount ?? 1),
  };
}

export async function setStatus(
  database: Database,
  tx: Executor,
  jobId: string,
  status: PaymentStatus,
  extra = sql``,
) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.job_payments set status = ${status}, updated_at = now()${extra} where job_id = ${jobId}`,
  );
}

/**
 * The chef who worked the seat (or is paid for its late cancellation): may read the job's escrow. The job keeps
 * the last chef named too (a posting of one seat reads it; several seats read their own).
 */
export async function setChef(
  database: Database,
  tx: Executor,
  jobId: string,
  chefId: string,
  seat: { seat_no: number; application_id?: string | null } = { seat_no: 1 },
) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.job_payments set chef_id = ${chefId} where job_id = ${jobId}`,
  );
  await setSeatChef(database, tx, jobId, seat.seat_no, chefId, seat.application_id ?? null);
}

/** A job posted by the jobs service: the amounts it is charged and its times (the stuck-money report). */
export async function insertJob(
  database: Database,
  tx: Executor,
  job: Pick<
    JobPaymentRow,
    'job_id' | 'restaurant_id' | 'title' | 'subtotal_cents' | 'fee_cents' | 'total_cents'
  > & {
    start_time: string;
    end_time: string;
    hourly_rate_cents: number;
    break_minutes: number;
    headcount: number;
  },
) {
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.job_payments (job_id, restaurant_id, title, subtotal_cents, fee_cents, total_cents, start_time, end_time, hourly_rate_cents, break_minutes, headcount)
        values (${job.job_id}, ${job.restaurant_id}, ${job.title}, ${job.subtotal_cents}, ${job.fee_cents}, ${job.total_cents}, ${job.start_time}, ${job.end_time}, ${job.hourly_rate_cents}, ${job.break_minutes}, ${job.headcount})
        on conflict (job_id) do nothing`,
  );
}

/**
 * The job ended by a rule before anyone worked it: cancelled or expired, at the moment the event says (the
 * stuck-money report's deadline for its refund or split). Its times fill in for jobs posted before payments
 * kept them. A cancelled or expired job can no longer be paid.
 */
export async function markEnded(
  database: Database,
  tx: Executor,
  jobId: string,
  how: 'cancelled' | 'expired',
  at: string,
  times: { start_time: string; end_time: string },
) {
  const column = sql.raw(how === 'cancelled' ? 'cancelled_at' : 'expired_at');
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.job_payments
        set ${column} = coalesce(${column}, ${at}), start_time = coalesce(start_time, ${times.start_time}),
            end_time = coalesce(end_time, ${times.end_time}), updated_at = now()
        where job_id = ${jobId}`,
  );
}

/** The job's money is held (its charge is in the ledger): the last card error is cleared. */
export async function markHeld(database: Database, tx: Executor, jobId: string, paymentIntentId: string) {
  await setStatus(
    database,
    tx,
    jobId,
    'held_in_escrow',
    sql`, held_at = now(), payment_intent_id = coalesce(payment_intent_id, ${paymentIntentId}), last_error_code = null, last_decline_code = null, last_error_message = null`,
  );
  await setOpenSeatsStatus(database, tx, jobId, 'held_in_escrow');
}

/**
 * The card the job's money was charged to (brand, last 4), as the provider described it. Written once: a later
 * answer (the webhook's retrieve after the confirm's) never changes a card already recorded.
 */
export async function recordChargedCard(
  database: Database,
  tx: Executor,
  jobId: string,
  card: { brand: string; last4: string },
) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.job_payments
        set card_brand = ${card.brand}, card_last4 = ${card.last4}, updated_at = now()
        where job_id = ${jobId} and card_brand is null and card_last4 is null`,
  );
}

/**
 * Charged jobs whose card is not recorded and that the provider was not yet asked about (the card backfill), oldest
 * first: a charge in the ledger, the PaymentIntent known.
 */
export async function chargesWithoutCard(
  database: Database,
  limit: number,
): Promise<{ job_id: string; payment_intent_id: string }[]> {
  const s = sql.raw(database.schema);
  return database.rows<{ job_id: string; payment_intent_id: string }>(
    sql`select j.job_id, j.payment_intent_id from ${s}.job_payments j
        where j.card_brand is null and j.card_checked_at is null and j.payment_intent_id is not null
          and exists (select 1 from ${s}.ledger_entries e where e.job_id = j.job_id and e.kind = 'charge')
        order by j.created_at, j.job_id
        limit ${limit}`,
  );
}

/**
 * The provider answered about this charge's card: the card when it named one (a card recorded meanwhile is never
 * changed), and in any case the mark that the backfill asked. True when this call wrote the mark.
 */
export async function recordCheckedCard(
  database: Database,
  jobId: string,
  card: { brand: string; last4: string } | null,
): Promise<boolean> {
  const rows = await database.rows<{ job_id: string }>(
    sql`update ${sql.raw(database.schema)}.job_payments
        set card_checked_at = now(), updated_at = now(),
          card_brand = case when card_brand is null and card_last4 is null then ${card?.brand ?? null}::text else card_brand end,
          card_last4 = case when card_brand is null and card_last4 is null then ${card?.last4 ?? null}::text else card_last4 end
        where job_id = ${jobId} and card_checked_at is null
        returning job_id`,
  );
  return rows.length > 0;
}

/** A card attempt was declined: the job shows `failed` with the provider's code, decline code and text. */
export async function markFailed(
  database: Database,
  tx: Executor,
  jobId: string,
  f: { code: string | null; declineCode: string | null; message: string },
) {
  await setStatus(
    database,
    tx,
    jobId,
    'failed',
    sql`, failed_attempts = failed_attempts + 1, last_error_code = ${f.code}, last_decline_code = ${f.declineCode}, last_error_message = ${f.message}`,
  );
  await setOpenSeatsStatus(database, tx, jobId, 'failed');
}

/**
 * Every movement of the seat's decision is in the ledger: the seat closes with this status, and the job's status
 * is derived from its seats (closed, with `closed_at`, once every seat is final).
 */
export async function markClosed(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  status: PaymentStatus,
) {
  await markSeat(database, tx, jobId, seatNo, status, 'closed');
  await deriveJobStatus(database, tx, jobId);
}

/** The job's status from its seats' (`jobStatusOfSeats`), written in the transaction of the seat's change. */
export async function deriveJobStatus(database: Database, tx: Executor, jobId: string) {
  const status = jobStatusOfSeats((await seatsOf(database, jobId, tx)).map((seat) => seat.status));
  if (!status) return;
  await setStatus(
    database,
    tx,
    jobId,
    status,
    isClosed(status) ? sql`, closed_at = coalesce(closed_at, now())` : sql``,
  );
}

/** The job's one PaymentIntent, kept once (a second intent never replaces the first). */
export async function savePaymentIntent(
  database: Database,
  jobId: string,
  pi: { id: string; client_secret: string | null },
) {
  await database.db.execute(
    sql`update ${sql.raw(database.schema)}.job_payments
        set payment_intent_id = coalesce(payment_intent_id, ${pi.id}), client_secret = coalesce(client_secret, ${pi.client_secret}), updated_at = now()
        where job_id = ${jobId}`,
  );
}

/**
 * The seat's checkout answers disagree: held until an operator decides (the stuck-money report lists it apart);
 * the job shows it (a job is disputed while any seat is).
 */
export async function markDisputed(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  status: PaymentStatus,
) {
  await markSeat(database, tx, jobId, seatNo, status, 'disputed');
  await setStatus(database, tx, jobId, 'disputed', sql`, disputed_at = coalesce(disputed_at, now())`);
}

/** The card the escrow payment kept for later off-session charges (setup_future_usage), as the provider said. */
export async function recordKeptCard(
  database: Database,
  tx: Executor,
  jobId: string,
  card: { customer_id: string; payment_method_id: string },
) {
  await tx.execute(
    sql`update ${sql.raw(database.schema)}.job_payments set card_customer_id = ${card.customer_id},
          card_payment_method_id = ${card.payment_method_id} where job_id = ${jobId}`,
  );
}

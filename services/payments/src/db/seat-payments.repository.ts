import { sql, type Database, type Executor } from '@brigade/kit';
import type { PaymentStatus } from '@brigade/contracts';

// The seats of a job (issue 35, ADR 0030, migration 0012): each seat's chef, application and payment status.
// Step 1: every job has one seat, whose status follows the job's (the job's status is still written where it
// always was; step 2 derives it from its seats).

export interface SeatPaymentRow {
  job_id: string;
  seat_no: number;
  application_id: string | null;
  chef_id: string | null;
  status: PaymentStatus;
  disputed_at: Date | string | null;
  closed_at: Date | string | null;
}

const s = (database: Database) => sql.raw(database.schema);

/** A posted job's seats, 1 to its headcount, each awaiting the escrow payment (once: a redelivery adds none). */
export async function insertSeats(database: Database, tx: Executor, jobId: string, headcount: number) {
  for (let seatNo = 1; seatNo <= headcount; seatNo++)
    await tx.execute(
      sql`insert into ${s(database)}.seat_payments (job_id, seat_no) values (${jobId}, ${seatNo})
          on conflict (job_id, seat_no) do nothing`,
    );
}

export async function findSeat(
  database: Database,
  jobId: string,
  seatNo: number,
  tx?: Executor,
): Promise<SeatPaymentRow | null> {
  const [row] = await database.rows<SeatPaymentRow>(
    sql`select job_id, seat_no, application_id, chef_id, status, disputed_at, closed_at
        from ${s(database)}.seat_payments where job_id = ${jobId} and seat_no = ${seatNo}`,
    tx,
  );
  return row ? { ...row, seat_no: Number(row.seat_no) } : null;
}

/**
 * Change a seat (`sets`, SQL over the row `seat`), creating it first when the job has none yet (a job written
 * before its seats, or by a direct insert) with the job's status.
 */
async function upsertSeat(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  sets: ReturnType<typeof sql>,
) {
  await tx.execute(
    sql`insert into ${s(database)}.seat_payments (job_id, seat_no, status)
        select job_id, ${seatNo}, status from ${s(database)}.job_payments where job_id = ${jobId}
        on conflict (job_id, seat_no) do nothing`,
  );
  await tx.execute(
    sql`update ${s(database)}.seat_payments as seat set ${sets}, updated_at = now()
        where job_id = ${jobId} and seat_no = ${seatNo}`,
  );
}

/**
 * The seat's chef (booked, paid for a late cancellation, or the one who checked out), and its application when the
 * event named one (an application already recorded is kept).
 */
export async function setSeatChef(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  chefId: string,
  applicationId: string | null = null,
) {
  await upsertSeat(
    database,
    tx,
    jobId,
    seatNo,
    sql`chef_id = ${chefId}, application_id = coalesce(seat.application_id, ${applicationId}::uuid)`,
  );
}

/**
 * The posting's escrow moved for every seat still open: held once the charge is recorded, failed with a declined
 * card (a seat already closed keeps its status).
 */
export async function setOpenSeatsStatus(
  database: Database,
  tx: Executor,
  jobId: string,
  status: PaymentStatus,
) {
  await tx.execute(
    sql`update ${s(database)}.seat_payments set status = ${status}, updated_at = now()
        where job_id = ${jobId} and closed_at is null`,
  );
}

/** The seat's answers disagree: its money is held for an operator. */
export async function markSeatDisputed(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  status: PaymentStatus,
) {
  await upsertSeat(
    database,
    tx,
    jobId,
    seatNo,
    sql`status = ${status}, disputed_at = coalesce(seat.disputed_at, now())`,
  );
}

/** Every movement of the seat's decision is in the ledger: the seat closes with this status. */
export async function markSeatClosed(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  status: PaymentStatus,
) {
  await upsertSeat(
    database,
    tx,
    jobId,
    seatNo,
    sql`status = ${status}, closed_at = coalesce(seat.closed_at, now())`,
  );
}

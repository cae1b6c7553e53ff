import { sql, type Database, type Executor } from '@brigade/kit';
import type { PaymentStatus } from '@brigade/contracts';

// The seats of a job (issue 35, ADR 0030, migration 0012): each seat's chef, application and payment status.
// The job's own status is derived from its seats (`jobStatusOfSeats`) in the transaction of every seat change.

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

/** Every seat of a job, by number. */
export async function seatsOf(database: Database, jobId: string, tx?: Executor): Promise<SeatPaymentRow[]> {
  const rows = await database.rows<SeatPaymentRow>(
    sql`select job_id, seat_no, application_id, chef_id, status, disputed_at, closed_at
        from ${s(database)}.seat_payments where job_id = ${jobId} order by seat_no`,
    tx,
  );
  return rows.map((row) => ({ ...row, seat_no: Number(row.seat_no) }));
}

/**
 * A confirmed chef cancelled: their seat is unbooked again (no money moves). Only while the seat still names this
 * application and its money is not decided: a late redelivery never unbooks a seat that was paid or rebooked.
 */
export async function clearSeatBooking(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  applicationId: string,
) {
  await tx.execute(
    sql`update ${s(database)}.seat_payments set chef_id = null, application_id = null, updated_at = now()
        where job_id = ${jobId} and seat_no = ${seatNo} and application_id = ${applicationId}
          and closed_at is null
          and not exists (select 1 from ${s(database)}.decisions d where d.job_id = ${jobId} and d.seat_no = ${seatNo})`,
  );
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
 * event named one (an application already recorded is kept). `booking`: a confirmation names the seat's chef and
 * application anew (a seat freed by a cancellation is booked again by another chef).
 */
export async function setSeatChef(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  chefId: string,
  applicationId: string | null = null,
  booking = false,
) {
  await upsertSeat(
    database,
    tx,
    jobId,
    seatNo,
    booking
      ? sql`chef_id = ${chefId}, application_id = ${applicationId}::uuid`
      : sql`chef_id = ${chefId}, application_id = coalesce(seat.application_id, ${applicationId}::uuid)`,
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

/**
 * The seat takes this status at a moment kept once: `disputed` (its answers disagree: its money is held for an
 * operator) or `closed` (every movement of its decision is in the ledger).
 */
export async function markSeat(
  database: Database,
  tx: Executor,
  jobId: string,
  seatNo: number,
  status: PaymentStatus,
  moment: 'disputed' | 'closed',
) {
  const at = sql.raw(moment === 'disputed' ? 'disputed_at' : 'closed_at');
  await upsertSeat(database, tx, jobId, seatNo, sql`status = ${status}, ${at} = coalesce(seat.${at}, now())`);
}

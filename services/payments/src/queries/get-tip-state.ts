import { sql, type AuthUser, type Executor } from '@brigade/kit';
import { TIP_REFUSALS, tipMaxCents, tipRefusal, tipWindowEndsAt, type payHttp } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { applicationOf } from '../db/applications.repository';
import { findDecision } from '../db/decisions.repository';
import { findJob, type JobPaymentRow } from '../db/jobs.repository';
import { cardOnFile } from '../db/saved-cards.repository';
import { findSettlement } from '../db/timesheets.repository';
import { findTip, tipOfRow, type TipRow } from '../db/tips.repository';
import { applicationNotFound } from '../domain/errors';
import { seatChefPay } from '../domain/tips';

/** A seat as a tip reads it: its job, chef, what it paid the chef, when the window ends, and the tip given. */
export interface TipSeat {
  application_id: string;
  job: JobPaymentRow;
  seat_no: number;
  chef_id: string;
  chef_name: string | null;
  worked: boolean;
  chef_pay_cents: number;
  shift_end: Date | null;
  tip: TipRow | null;
}

/**
 * The seat of an application, for its restaurant only (anyone else: 404 PAYMENTS.APPLICATION_NOT_FOUND, as if it
 * did not exist): worked and what it paid the chef by payments' own records (`seatChefPay`).
 */
export async function tipSeatOf(
  ctx: PaymentsContext,
  user: AuthUser,
  applicationId: string,
  tx?: Executor,
): Promise<TipSeat> {
  const { database } = ctx;
  const app = await applicationOf(database, tx ?? database.db, applicationId);
  const job = app ? await findJob(database, app.job_id, tx) : null;
  if (!app || !job || job.restaurant_id !== user.id) throw applicationNotFound();
  const settlement = await findSettlement(database, { application_id: applicationId }, tx);
  const [seatRow] = await database.rows<{ seat_no: number }>(
    sql`select seat_no from ${sql.raw(database.schema)}.seat_payments
        where job_id = ${job.job_id} and application_id = ${applicationId}`,
    tx,
  );
  const seatNo = Number(settlement?.seat_no ?? seatRow?.seat_no ?? ((job.headcount ?? 1) === 1 ? 1 : 0));
  const decision = seatNo > 0 ? await findDecision(database, job.job_id, seatNo, tx) : null;
  const pay =
    seatNo > 0
      ? seatChefPay({ chef_id: app.chef_id, decision, settlement })
      : { worked: false, chef_pay_cents: 0 };
  const [name] = await database.rows<{ name: string }>(
    sql`select name from ${sql.raw(database.schema)}.profile_names where user_id = ${app.chef_id}`,
    tx,
  );
  const end = job.end_time ?? decision?.decided_at ?? null;
  return {
    application_id: applicationId,
    job,
    seat_no: Math.max(seatNo, 1),
    chef_id: app.chef_id,
    chef_name: name?.name ?? null,
    ...pay,
    shift_end: end ? new Date(end) : null,
    tip: await findTip(database, { application_id: applicationId }, tx),
  };
}

/** Why a tip cannot be given now (null: it can), by the contracts' rule. */
export function tipRefusalOf(ctx: PaymentsContext, seat: TipSeat, now = ctx.now()) {
  const refusal = tipRefusal(
    ctx.config.policy,
    {
      chef_pay_cents: seat.chef_pay_cents,
      worked: seat.worked && seat.shift_end !== null,
      shift_end: seat.shift_end ?? now,
      tipped: seat.tip !== null && seat.tip.status !== 'failed',
    },
    now,
  );
  return refusal ? TIP_REFUSALS[refusal] : null;
}

/**
 * `GET /applications/{applicationId}/tip`: what a tip would be before the restaurant gives one, from the figures
 * the POST moves: the most (100% of the chef's pay), until when, the card, no fee, why not (if not), the tip given.
 */
export async function getTipState(
  ctx: PaymentsContext,
  user: AuthUser,
  applicationId: string,
): Promise<payHttp.TipState> {
  const seat = await tipSeatOf(ctx, user, applicationId);
  // the card the POST would charge (the same choice as every off-session charge)
  const card = await cardOnFile(ctx.database, seat.job);
  return {
    application_id: applicationId,
    job_id: seat.job.job_id,
    chef_id: seat.chef_id,
    chef_name: seat.chef_name,
    chef_pay_cents: seat.chef_pay_cents,
    max_cents: tipMaxCents(seat.chef_pay_cents),
    fee_cents: 0,
    window_ends_at: seat.shift_end ? tipWindowEndsAt(ctx.config.policy, seat.shift_end).toISOString() : null,
    refusal: tipRefusalOf(ctx, seat),
    card: card && { brand: card.brand, last4: card.last4 },
    tip: seat.tip ? tipOfRow(seat.tip) : null,
  };
}

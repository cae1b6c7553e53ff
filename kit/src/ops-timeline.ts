import type { opsHttp } from '@brigade/contracts';
import { sql, type Database } from './db';
import type { AuditRow } from './audit';

export type TimelineEntry = opsHttp.TimelineEntry;
export type ServiceName = TimelineEntry['service'];
type Actor = TimelineEntry['actor'];
type Data = Record<string, unknown>;

const system: Actor = { type: 'system', id: null };

const dollars = (cents: unknown) => `$${(Number(cents ?? 0) / 100).toFixed(2)}`;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const side = (v: unknown): 'chef' | 'restaurant' => (v === 'chef' ? 'chef' : 'restaurant');
const party = (data: Data, who: 'chef' | 'restaurant'): Actor => ({
  type: who,
  id: str(data[who === 'chef' ? 'chef_id' : 'restaurant_id']),
});

/** Who did it and what it says, per event type (the console's words; an unknown type shows its name). */
const describe: Record<string, (d: Data) => { actor: Actor; summary: string }> = {
  'jobs.job.posted.v1': (d) => ({
    actor: party(d, 'restaurant'),
    summary: `Shift posted: "${d.title}", ${dollars(d.total_cents)} to pay`,
  }),
  'jobs.job.opened.v1': (d) => ({
    actor: system,
    summary: d.reopened ? 'Shift reopened to chefs' : 'Shift open to chefs (payment held)',
  }),
  'jobs.job.payment_failed.v1': () => ({ actor: system, summary: 'The payment for the shift failed' }),
  'jobs.job.cancelled.v1': (d) => ({
    actor: d.cancelled_by === 'system' ? system : party(d, 'restaurant'),
    summary:
      `Shift cancelled by ${d.cancelled_by === 'system' ? 'the platform' : 'the restaurant'}` +
      (d.late ? ` late: chef paid ${dollars(d.chef_pay_cents)}` : ''),
  }),
  'jobs.job.expired.v1': () => ({ actor: system, summary: 'Shift expired: nobody confirmed by the start' }),
  'jobs.application.submitted.v1': (d) => ({ actor: party(d, 'chef'), summary: 'A chef applied' }),
  'jobs.application.accepted.v1': (d) => ({
    actor: party(d, 'restaurant'),
    summary: 'The restaurant accepted a chef',
  }),
  'jobs.application.rejected.v1': (d) => ({
    actor: party(d, 'restaurant'),
    summary: 'The restaurant declined an application',
  }),
  'jobs.application.confirmed.v1': (d) => ({
    actor: party(d, 'chef'),
    summary: 'The chef confirmed the shift',
  }),
  'jobs.application.declined.v1': (d) => ({
    actor: party(d, 'chef'),
    summary: 'The chef declined the offer',
  }),
  'jobs.application.cancelled.v1': (d) => ({
    actor: d.cancelled_by === 'system' ? system : party(d, 'chef'),
    summary:
      (d.cancelled_by === 'system' ? 'Application withdrawn by the platform' : 'The chef withdrew') +
      (d.late ? ' (late)' : ''),
  }),
  'jobs.checkout.recorded.v1': (d) => ({
    actor: party(d, side(d.side)),
    summary: `The ${side(d.side)} checked out: ${d.work_completed ? 'worked' : 'not worked'}${d.rating === null ? ', no rating' : `, rated ${d.rating}`}`,
  }),
  'jobs.checkout.deadline_passed.v1': (d) => ({
    actor: system,
    summary: `Checkout deadline passed: ${d.outcome}`,
  }),
  'jobs.checkout.completed.v1': (d) => ({ actor: system, summary: `Both sides checked out: ${d.outcome}` }),
  'jobs.reliability.recorded.v1': (d) => ({
    actor: system,
    summary: `On the ${side(d.user_type)}'s record: ${String(d.kind).replace(/_/g, ' ')}`,
  }),
  // issue 39: reviews published (both sides wrote, or the window ended) and hidden by an operator
  'jobs.review.published.v1': (d) => ({
    actor: system,
    summary: `The ${side(d.author_side)}'s review (${d.rating}/5) was published: ${d.reason === 'both_reviewed' ? 'both sides reviewed' : 'its window ended'}`,
  }),
  'jobs.review.hidden.v1': (d) => ({
    actor: { type: 'operator', id: str(d.operator_id) },
    summary: `The ${side(d.author_side)}'s review was hidden: ${str(d.reason) ?? ''}`,
  }),
  'jobs.dispute.statement_added.v1': (d) => ({
    actor: { type: side(d.author_side), id: str(d.author_id) },
    summary: `The ${side(d.author_side)} added a statement`,
  }),
  'jobs.dispute.resolved.v1': (d) => ({
    actor: { type: 'operator', id: str(d.operator_id) },
    summary: `Dispute decided: chef paid ${dollars(d.chef_pay_cents)}, fee ${dollars(d.fee_cents)}, restaurant refunded ${dollars(d.refund_cents)}`,
  }),
  // the working day (issue 34): what a mark of a no-show or a chef sent home comes from
  'jobs.timesheet.clocked_in.v1': (d) => ({ actor: party(d, 'chef'), summary: 'The chef clocked in' }),
  'jobs.timesheet.no_show_marked.v1': (d) => ({
    actor: party(d, 'restaurant'),
    summary: 'The restaurant marked the chef a no-show',
  }),
  'jobs.timesheet.no_show_confirmed.v1': () => ({
    actor: system,
    summary: 'The no-show stands: not contested in time',
  }),
  'jobs.timesheet.sent_home.v1': (d) => ({
    actor: party(d, 'restaurant'),
    summary: 'The restaurant sent the chef home',
  }),
  // appeals (issue 39)
  'jobs.appeal.decided.v1': (d) => ({
    actor: { type: 'operator', id: str(d.operator_id) },
    summary: `Appeal of the ${side(d.user_type)}'s ${String(d.mark_kind).replace(/_/g, ' ')} decided: ${d.outcome === 'remove' ? 'removed' : 'kept'}`,
  }),
  'jobs.mark.removed.v1': (d) => ({
    actor: system,
    summary: `Removed from the ${side(d.user_type)}'s record on appeal: ${String(d.kind).replace(/_/g, ' ')}`,
  }),
  'messaging.message.sent.v1': (d) => {
    const who = d.sender_type ? side(d.sender_type) : d.sender_id === d.chef_id ? 'chef' : 'restaurant';
    return { actor: { type: who, id: str(d.sender_id) }, summary: `The ${who} sent a message` };
  },
  'messaging.thread.read.v1': (d) => {
    const who = d.reader_id === d.chef_id ? 'chef' : 'restaurant';
    return { actor: { type: who, id: str(d.reader_id) }, summary: `The ${who} read the thread` };
  },
  'messaging.statement.translated.v1': (d) => ({
    actor: system,
    summary:
      d.translated_text === null ? 'A statement could not be translated' : 'A statement was translated',
  }),
  'payments.escrow.held.v1': (d) => ({ actor: system, summary: `${dollars(d.amount_cents)} held in escrow` }),
  'payments.escrow.failed.v1': (d) => ({ actor: system, summary: `The card charge failed: ${d.message}` }),
  'payments.payout.released.v1': (d) => ({
    actor: system,
    summary: `${dollars(d.amount_cents)} paid out to the chef`,
  }),
  'payments.escrow.refunded.v1': (d) => ({
    actor: system,
    summary: `${dollars(d.amount_cents)} refunded to the restaurant (${String(d.reason).replace(/_/g, ' ')})`,
  }),
  'payments.escrow.settled.v1': (d) => ({
    actor: system,
    summary: `Split: chef paid ${dollars(d.chef_pay_cents)}, fee ${dollars(d.fee_cents)}, restaurant refunded ${dollars(d.refund_cents)}`,
  }),
};

/** state: the job or an application changed; money: escrow moved; message: the thread. */
function kindOf(type: string): TimelineEntry['kind'] {
  if (type.startsWith('payments.')) return 'money';
  if (type.startsWith('messaging.')) return 'message';
  return 'state';
}

/** One published event as a timeline entry. */
export function eventEntry(
  service: ServiceName,
  event: { type: string; at: string; data: Data },
): TimelineEntry {
  const described = describe[event.type]?.(event.data) ?? { actor: system, summary: event.type };
  return {
    at: event.at,
    service,
    kind: kindOf(event.type),
    type: event.type,
    actor: described.actor,
    summary: described.summary,
    data: event.data,
  };
}

const ACTIONS: Record<string, string> = {
  'dispute.resolve': 'decided the dispute',
  'user.suspend': 'suspended the user',
  'user.reinstate': 'reinstated the user',
  'dead_letters.redrive': 'redrove the dead letters',
  'appeal.decide': 'decided an appeal',
};

/** One operator action (audit log) as a timeline entry. */
export function auditEntry(row: AuditRow): TimelineEntry {
  const what = ACTIONS[row.action] ?? row.action;
  return {
    at: row.at,
    service: row.service as ServiceName,
    kind: 'operator',
    type: row.action,
    actor: { type: 'operator', id: row.operator_id },
    summary: `${row.operator_email} ${what}${row.reason ? `: ${row.reason}` : ''}`,
    data: {
      audit_id: row.id,
      operator_email: row.operator_email,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      reason: row.reason,
      ...row.detail,
    },
  };
}

/** At most this many events per service and job (a long thread's messages are the bulk). */
export const TIMELINE_LIMIT = 2000;

/** The events this service published about the job, oldest first (outbox order breaks ties in time). */
export async function publishedAbout(
  database: Database,
  service: ServiceName,
  jobId: string,
): Promise<TimelineEntry[]> {
  const rows = await database.rows<{ type: string; payload: unknown; occurred_at: Date | string }>(sql`
    select type, payload, occurred_at from ${sql.raw(database.schema)}.outbox
     where payload->>'job_id' = ${jobId}
     order by seq
     limit ${TIMELINE_LIMIT}`);
  return rows.map((r) =>
    eventEntry(service, {
      type: r.type,
      at: new Date(r.occurred_at).toISOString(),
      data: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Data,
    }),
  );
}

/** Sort by time; entries at the same instant keep their order (stable sort). */
export function byTime(entries: TimelineEntry[]): TimelineEntry[] {
  return [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

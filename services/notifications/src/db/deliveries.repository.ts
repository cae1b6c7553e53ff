import { sql, type Database } from '@brigade/kit';
import type { DeliveryChannel } from '@brigade/contracts';
import { iso } from '../context';
import type { TemplateName } from '../domain/rules';

// Issue 40: a notification's deliveries by email (and push), one per notification and channel
// (`notifications.deliveries`), claimed and retried like the texts.

/** Queue a notification's delivery by `channel`; a second time (a replay, a re-claimed text) does nothing. */
export async function queueDelivery(
  database: Database,
  d: { notificationId: string; channel: Exclude<DeliveryChannel, 'sms'>; recipientId: string },
  now: Date,
) {
  await database.rows(
    sql`insert into notifications.deliveries (notification_id, channel, recipient_id, status, next_attempt_at, created_at)
        values (${d.notificationId}, ${d.channel}, ${d.recipientId}, 'queued', ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        on conflict (notification_id, channel) do nothing`,
  );
}

export interface ClaimedDelivery {
  seq: string;
  notification_id: string;
  channel: Exclude<DeliveryChannel, 'sms'>;
  recipient_id: string;
  attempts: number;
  template: TemplateName;
  vars: Record<string, unknown> | string;
}

/**
 * Claim up to `batchSize` deliveries by `channel` due at `now` (queued and due, or left `sending` by an instance
 * whose lease ran out), the longest due first, FOR UPDATE SKIP LOCKED: each is this instance's until
 * `leaseUntil`. The channel's due deliveries are read from the front of its part of `deliveries_queue_idx` and
 * its lapsed leases from `deliveries_lease_idx` (migration 0012): what a claim reads is what is due, however
 * many deliveries wait for a later retry and however many were sent before. Prepared: one plan serves every
 * claim.
 */
export async function claimDueDeliveries(
  database: Database,
  channel: Exclude<DeliveryChannel, 'sms'>,
  now: Date,
  leaseUntil: Date,
  batchSize: number,
): Promise<ClaimedDelivery[]> {
  const at = iso(now);
  return database.rows<ClaimedDelivery>(
    sql`with claimed as (
          update notifications.deliveries d
          set status = 'sending', attempts = d.attempts + 1, locked_until = ${iso(leaseUntil)}::timestamptz
          where d.seq in (
            with queued as (
              select seq, next_attempt_at as due_at from notifications.deliveries
              where channel = ${channel} and status = 'queued' and next_attempt_at <= ${at}::timestamptz
              order by next_attempt_at limit ${batchSize}
              for update skip locked),
            leased as (
              select seq, locked_until as due_at from notifications.deliveries
              where channel = ${channel} and status = 'sending' and locked_until <= ${at}::timestamptz
              order by locked_until limit ${batchSize}
              for update skip locked)
            select seq from (select seq, due_at from queued union all select seq, due_at from leased) as due
            order by due_at, seq
            limit ${batchSize})
          returning d.seq, d.notification_id, d.channel, d.recipient_id, d.attempts)
        select c.seq, c.notification_id, c.channel, c.recipient_id, c.attempts, s.template, s.vars
        from claimed c join notifications.sms s on s.id = c.notification_id
        order by c.seq`,
    undefined,
    { prepared: true },
  );
}

/** Sent: where to, in which language, the provider's id. */
export async function markDeliverySent(
  database: Database,
  seq: string,
  sent: { target: string; language: string; providerId: string },
  now: Date,
) {
  await database.rows(
    sql`update notifications.deliveries set status = 'sent', target = ${sent.target}, language = ${sent.language},
          provider_id = ${sent.providerId}, sent_at = ${iso(now)}::timestamptz, locked_until = null, last_error = null
        where seq = ${seq}`,
  );
}

/** Not sent, and never will be (`reason`: the channel switched off, the address no longer verified). */
export async function endDelivery(
  database: Database,
  seq: string,
  status: 'suppressed' | 'failed',
  reason: string,
) {
  await database.rows(
    sql`update notifications.deliveries set status = ${status}, last_error = ${reason.slice(0, 500)}, locked_until = null
        where seq = ${seq}`,
  );
}

/** Try again at `at`. */
export async function requeueDelivery(database: Database, seq: string, at: Date, error: string) {
  await database.rows(
    sql`update notifications.deliveries set status = 'queued', next_attempt_at = ${iso(at)}::timestamptz,
          locked_until = null, last_error = ${error.slice(0, 500)}
        where seq = ${seq}`,
  );
}

/** A notification's deliveries (for tests and the timeline): channel, status, target. */
export async function deliveriesOf(database: Database, notificationId: string) {
  return database.rows<{ channel: string; status: string; target: string | null; attempts: number }>(
    sql`select channel, status, target, attempts from notifications.deliveries where notification_id = ${notificationId} order by seq`,
  );
}

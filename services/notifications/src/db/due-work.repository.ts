import type { DeliveryChannel } from '@brigade/contracts';
import { sql, type Database } from '@brigade/kit';
import { iso } from '../context';
import { QUEUED_PRIORITIES } from './sms.repository';

/** A delivery by `channel` queued and due at `at`, or left `sending` past its lease: the claim's conditions. */
const deliveryDue = (channel: DeliveryChannel, at: string) =>
  sql`(exists (select 1 from notifications.deliveries
               where channel = ${channel} and status = 'queued' and next_attempt_at <= ${at}::timestamptz)
       or exists (select 1 from notifications.deliveries
                  where channel = ${channel} and status = 'sending' and locked_until <= ${at}::timestamptz))`;

/**
 * Whether the scheduler's text loop has anything to do at `now`: a pending reminder due, or a text or an email
 * due (queued and due, or left `sending` past its lease), the same conditions its claims use; pushes are the
 * push loop's (`deliveriesDue`). One prepared statement on the partial indexes (a text's by priority and due
 * time, one probe a priority; an email's by due time), asked by an idle scheduler instead of a whole pass
 * (issue 22).
 */
export async function schedulerWorkDue(database: Database, now: Date): Promise<boolean> {
  const at = iso(now);
  const rows = await database.rows<{ due: boolean }>(
    sql`with recursive ${QUEUED_PRIORITIES}
        select exists (select 1 from notifications.reminders where status = 'pending' and due_at <= ${at}::timestamptz)
            or exists (select 1 from levels l where exists (
                         select 1 from notifications.sms
                         where status = 'queued' and priority = l.priority and next_attempt_at <= ${at}::timestamptz))
            or exists (select 1 from notifications.sms where status = 'sending' and locked_until <= ${at}::timestamptz)
            or ${deliveryDue('email', at)} as due`,
    undefined,
    { prepared: true },
  );
  return rows[0]?.due === true;
}

/**
 * Whether a delivery by `channel` is due (the push loop's idle check): one probe of the channel's queue and one of
 * its leases (migration 0012), never a step over what waits for later or goes by another channel.
 */
export async function deliveriesDue(
  database: Database,
  channel: DeliveryChannel,
  now: Date,
): Promise<boolean> {
  const rows = await database.rows<{ due: boolean }>(
    sql`select ${deliveryDue(channel, iso(now))} as due`,
    undefined,
    { prepared: true },
  );
  return rows[0]?.due === true;
}

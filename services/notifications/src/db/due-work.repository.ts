import { sql, type Database } from '@brigade/kit';
import { iso } from '../context';
import { QUEUED_PRIORITIES } from './sms.repository';

/**
 * Whether the scheduler has anything to do at `now`: a pending reminder due, or a text due (queued and due, or
 * left `sending` past its lease), the same conditions its claims use. One prepared statement on the partial
 * indexes (a text's by priority and due time, one probe a priority), asked by an idle scheduler instead of a
 * whole pass (issue 22).
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
            or exists (select 1 from notifications.deliveries
                       where (status = 'queued' and next_attempt_at <= ${at}::timestamptz)
                          or (status = 'sending' and locked_until <= ${at}::timestamptz)) as due`,
    undefined,
    { prepared: true },
  );
  return rows[0]?.due === true;
}

/** Whether a delivery by `channel` is due (the push loop's idle check). */
export async function deliveriesDue(database: Database, channel: string, now: Date): Promise<boolean> {
  const at = iso(now);
  const rows = await database.rows<{ due: boolean }>(
    sql`select exists (select 1 from notifications.deliveries
                       where channel = ${channel}
                         and ((status = 'queued' and next_attempt_at <= ${at}::timestamptz)
                              or (status = 'sending' and locked_until <= ${at}::timestamptz))) as due`,
    undefined,
    { prepared: true },
  );
  return rows[0]?.due === true;
}

import { eq } from 'drizzle-orm';
import { sql, type Database, type Executor } from '@brigade/kit';
import { webhookEvents } from './schema';

/** Mark a Stripe event handled; false when it already was (each event id once). */
export async function claimWebhookEvent(
  database: Database,
  tx: Executor,
  event: { id: string; type: string },
): Promise<boolean> {
  const rows = await database.rows(
    sql`insert into ${sql.raw(database.schema)}.webhook_events (event_id, type) values (${event.id}, ${event.type}) on conflict do nothing returning event_id`,
    tx,
  );
  return rows.length > 0;
}

/** Whether this Stripe event was already handled. */
export async function webhookEventSeen(database: Database, eventId: string): Promise<boolean> {
  const rows = await database.db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId));
  return rows.length > 0;
}

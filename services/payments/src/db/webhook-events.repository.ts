import { sql, type Database, type Executor } from '@brigade/kit';

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

/**
 * Whether this Stripe event was already handled (`seen`), and whether the ledger already holds the movement it
 * names (`recorded`: a transfer or refund of that provider id), in one statement.
 */
export async function webhookEventSeen(
  database: Database,
  eventId: string,
  movement: { kind: 'transfer' | 'refund'; providerId: string } | null = null,
): Promise<{ seen: boolean; recorded: boolean }> {
  const s = sql.raw(database.schema);
  const [row] = await database.rows<{ seen: boolean; recorded: boolean }>(
    sql`select exists (select 1 from ${s}.webhook_events where event_id = ${eventId}) as seen,
               ${
                 movement
                   ? sql`exists (select 1 from ${s}.ledger_entries where kind = ${movement.kind} and provider_id = ${movement.providerId})`
                   : sql`false`
               } as recorded`,
  );
  return { seen: row.seen === true, recorded: row.recorded === true };
}

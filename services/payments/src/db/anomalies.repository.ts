import { sql, type Database, type Executor } from '@brigade/kit';
import type { Anomaly, MoneySource } from '../domain/anomaly';

export async function insertAnomaly(
  database: Database,
  tx: Executor,
  source: MoneySource,
  anomaly: Anomaly,
): Promise<void> {
  const event = source.via === 'provider_call' ? { event_id: null, event_type: null } : source;
  await tx.execute(
    sql`insert into ${sql.raw(database.schema)}.anomalies (source, event_id, event_type, object_id, job_id, reason, details)
        values (${source.via}, ${event.event_id}, ${event.event_type}, ${anomaly.objectId}, ${anomaly.jobId ?? null},
                ${anomaly.reason}, ${JSON.stringify(anomaly.details ?? {})}::jsonb)`,
  );
}

/** Whether this event was already refused for this reason (a re-driven event is refused once). */
export async function anomalyRecorded(
  database: Database,
  tx: Executor,
  eventId: string,
  reason: Anomaly['reason'],
): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from ${sql.raw(database.schema)}.anomalies where event_id = ${eventId} and reason = ${reason} limit 1`,
    tx,
  );
  return rows.length > 0;
}

export interface AnomalyRow {
  id: string;
  source: string;
  event_id: string | null;
  event_type: string | null;
  object_id: string | null;
  job_id: string | null;
  reason: string;
  details: Record<string, unknown> | string;
  created_at: Date | string;
}

/** The newest anomalies and how many there are in all (ledger:check prints them; the console will list them). */
export async function latestAnomalies(
  database: Database,
  limit = 20,
): Promise<{ total: number; rows: AnomalyRow[] }> {
  const s = sql.raw(database.schema);
  const [count] = await database.rows<{ n: string }>(sql`select count(*)::bigint as n from ${s}.anomalies`);
  const rows = await database.rows<AnomalyRow>(
    sql`select id, source, event_id, event_type, object_id, job_id, reason, details, created_at
        from ${s}.anomalies order by id desc limit ${limit}`,
  );
  return { total: Number(count?.n ?? 0), rows };
}

/** How many anomalies were recorded, by where the fact came from and why it was refused (the metrics). */
export async function anomalyCounts(
  database: Database,
): Promise<Array<{ source: string; reason: string; n: number }>> {
  const rows = await database.rows<{ source: string; reason: string; n: string }>(
    sql`select source, reason, count(*)::bigint as n from ${sql.raw(database.schema)}.anomalies group by source, reason`,
  );
  return rows.map((r) => ({ source: r.source, reason: r.reason, n: Number(r.n) }));
}

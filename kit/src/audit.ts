import { randomUUID } from 'node:crypto';
import { sql, type Database, type Executor } from './db';

/** What an operator did, kept by the service that did it (ADR 11). */
export interface AuditRecord {
  operatorId: string;
  operatorEmail: string;
  /** `dispute.resolve`, `user.suspend`, `user.reinstate`, `dead_letters.redrive` */
  action: string;
  subjectType: 'job' | 'user' | 'queue';
  subjectId: string;
  /** the job the action is about, so the job's timeline shows it */
  jobId?: string | null;
  /** why (the operator's note or reason) */
  reason?: string | null;
  detail?: Record<string, unknown>;
}

export interface AuditRow {
  id: string;
  at: string;
  service: string;
  operator_id: string;
  operator_email: string;
  action: string;
  subject_type: 'job' | 'user' | 'queue';
  subject_id: string;
  job_id: string | null;
  reason: string | null;
  detail: Record<string, unknown>;
}

/**
 * Append an operator action to the service's audit log, in the caller's transaction (the action and its
 * record commit together). The table refuses updates and deletes.
 */
export async function recordAudit(database: Database, tx: Executor, entry: AuditRecord): Promise<string> {
  const id = randomUUID();
  await tx.execute(sql`
    insert into ${sql.raw(database.schema)}.audit_log
      (id, operator_id, operator_email, action, subject_type, subject_id, job_id, reason, detail)
    values (${id}, ${entry.operatorId}, ${entry.operatorEmail}, ${entry.action}, ${entry.subjectType},
      ${entry.subjectId}, ${entry.jobId ?? null}, ${entry.reason ?? null}, ${JSON.stringify(entry.detail ?? {})}::jsonb)`);
  return id;
}

/** The newest entries first, optionally about one job or subject. */
export async function listAudit(
  database: Database,
  service: string,
  filter: { jobId?: string; subjectId?: string; limit?: number } = {},
): Promise<AuditRow[]> {
  const schema = sql.raw(database.schema);
  const rows = await database.rows<Omit<AuditRow, 'service' | 'at'> & { at: Date | string }>(sql`
    select id, at, operator_id, operator_email, action, subject_type, subject_id, job_id, reason, detail
      from ${schema}.audit_log
     where (${filter.jobId ?? null}::uuid is null or job_id = ${filter.jobId ?? null}::uuid)
       and (${filter.subjectId ?? null}::text is null or subject_id = ${filter.subjectId ?? null}::text)
     order by at desc, id
     limit ${Math.min(Math.max(filter.limit ?? 100, 1), 500)}`);
  return rows.map((r) => ({ ...r, service, at: new Date(r.at).toISOString() }));
}

import { sql } from 'drizzle-orm';
import type { ReliabilityKind } from '@brigade/contracts';
import type { Database, Executor } from '@brigade/kit';

/** One fact on someone's reliability record, as `jobs.reliability.recorded.v1` announces it. */
export interface ReliabilityFact {
  userId: string;
  userType: 'chef' | 'restaurant';
  kind: ReliabilityKind;
  jobId: string;
  /** issue 35: the seat the fact is about; 0 for the whole posting (the event's null) */
  seatNo: number;
  occurredAt: Date;
}

import type { CountedKind, ReliabilityCounts } from '../domain/reliability';

export type { ReliabilityCounts };

/** Record a fact once per user, kind, job and seat; false when it was already recorded. */
export async function recordReliabilityFact(database: Database, tx: Executor, fact: ReliabilityFact) {
  const rows = await database.rows(
    sql`insert into identity.reliability_facts (user_id, user_type, kind, job_id, seat_no, occurred_at)
        values (${fact.userId}, ${fact.userType}, ${fact.kind}, ${fact.jobId}, ${fact.seatNo}, ${fact.occurredAt.toISOString()}::timestamptz)
        on conflict (user_id, kind, job_id, seat_no) do nothing
        returning job_id`,
    tx,
  );
  return rows.length > 0;
}

/**
 * Issue 39: a mark removed on appeal counts nowhere from now on. Kept as removed even when its fact has not
 * arrived yet (the removal carries the fact), so a late `jobs.reliability.recorded.v1` never counts it. False
 * when it was removed already.
 */
export async function removeReliabilityFact(
  database: Database,
  tx: Executor,
  fact: ReliabilityFact & { removedAt: Date },
) {
  const rows = await database.rows(
    sql`insert into identity.reliability_facts (user_id, user_type, kind, job_id, seat_no, occurred_at, removed_at)
        values (${fact.userId}, ${fact.userType}, ${fact.kind}, ${fact.jobId}, ${fact.seatNo},
          ${fact.occurredAt.toISOString()}::timestamptz, ${fact.removedAt.toISOString()}::timestamptz)
        on conflict (user_id, kind, job_id, seat_no) do update set removed_at = excluded.removed_at
          where identity.reliability_facts.removed_at is null
        returning job_id`,
    tx,
  );
  return rows.length > 0;
}

/**
 * A fact's kind as the counts read it: its own while it counts, `removed_on_appeal` once removed on appeal
 * (issue 39: in no count but that one, and never a recent one).
 */
export const countedKind = sql`case when removed_at is null then kind else 'removed_on_appeal' end`;

/** The counts of several users at once (a page of search results): users with no facts are absent. */
export async function reliabilityCounts(
  database: Database,
  userIds: string[],
  recentSince: Date,
): Promise<Map<string, ReliabilityCounts>> {
  const counts = new Map<string, ReliabilityCounts>();
  if (userIds.length === 0) return counts;
  const rows = await database.rows<{
    user_id: string;
    kind: CountedKind;
    all_time: number;
    recent: number;
  }>(
    sql`select user_id, ${countedKind} as kind, count(*)::int as all_time,
          count(*) filter (where removed_at is null
            and occurred_at >= ${recentSince.toISOString()}::timestamptz)::int as recent
        from identity.reliability_facts
        where user_id in (${sql.join(
          [...new Set(userIds)].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by 1, 2`,
  );
  for (const row of rows) {
    const entry = counts.get(row.user_id) ?? { all: {}, recent: {} };
    entry.all[row.kind] = Number(row.all_time);
    entry.recent[row.kind] = Number(row.recent);
    counts.set(row.user_id, entry);
  }
  return counts;
}

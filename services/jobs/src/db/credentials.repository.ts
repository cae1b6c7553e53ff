import {
  CITY_TIME_ZONES,
  CREDENTIAL_TYPES,
  DEFAULT_TIME_ZONE,
  type CredentialType,
  type EventData,
} from '@brigade/contracts';
import { idArray, sql, type Database, type Executor } from '@brigade/kit';
import type { SQL } from 'drizzle-orm';

// Issue 39: jobs' read model of chefs' verified credentials (identity's events) and the one question every door
// asks of it: which required credentials does a chef hold now? A credential counts while verified and before
// 00:00 of its expires_on day in its chef's city's zone (contracts/src/credentials.ts), which PostgreSQL computes
// here from jobs.chef_profiles.city, so the doors, the job page, the applicant cards and the alerts read one rule.

/** The time zone of a city column, as contracts' CITY_TIME_ZONES says (DEFAULT_TIME_ZONE otherwise). */
function cityZoneSql(city: SQL): SQL {
  const cases = Object.entries(CITY_TIME_ZONES).map(([name, zone]) => sql`when ${name} then ${zone}`);
  return sql`(case ${city} ${sql.join(cases, sql` `)} else ${DEFAULT_TIME_ZONE} end)`;
}

/** `cc` (a jobs.chef_credentials row) counts at `now`. */
function countsAt(now: Date): SQL {
  const city = sql`(select cp.city from jobs.chef_profiles cp where cp.user_id = cc.chef_id)`;
  return sql`cc.status = 'verified'
    and (cc.expires_on::timestamp at time zone ${cityZoneSql(city)}) > ${now.toISOString()}::timestamptz`;
}

/** identity.credential.verified.v1: the credential counts (a revocation heard first keeps it revoked). */
export async function recordVerifiedCredential(
  database: Database,
  tx: Executor,
  d: EventData<'identity.credential.verified.v1'>,
): Promise<void> {
  await database.rows(
    sql`insert into jobs.chef_credentials (credential_id, chef_id, type, expires_on, status)
        values (${d.credential_id}, ${d.chef_id}, ${d.type}, ${d.expires_on}::date, 'verified')
        on conflict (credential_id) do nothing`,
    tx,
  );
}

/** identity.credential.revoked.v1: it no longer counts, whatever was heard before. */
export async function recordRevokedCredential(
  database: Database,
  tx: Executor,
  d: EventData<'identity.credential.revoked.v1'>,
): Promise<void> {
  await database.rows(
    sql`insert into jobs.chef_credentials (credential_id, chef_id, type, expires_on, status)
        values (${d.credential_id}, ${d.chef_id}, ${d.type}, ${d.expires_on}::date, 'revoked')
        on conflict (credential_id) do update set status = 'revoked', recorded_at = now()`,
    tx,
  );
}

/** The credential types each chef holds now (verified, unexpired), in the list's order; chefs without any absent. */
export async function heldCredentialsOf(
  database: Database,
  chefIds: string[],
  now: Date,
  executor?: Executor,
): Promise<Map<string, CredentialType[]>> {
  const held = new Map<string, CredentialType[]>();
  if (chefIds.length === 0) return held;
  const rows = await database.rows<{ chef_id: string; type: CredentialType }>(
    sql`select distinct cc.chef_id, cc.type from jobs.chef_credentials cc
         where cc.chef_id = any(${idArray(chefIds)}::uuid[]) and ${countsAt(now)}`,
    executor,
    { prepared: true }, // every applicant card and write's answer asks it (planning was 13x running)
  );
  for (const r of rows) held.set(r.chef_id, [...(held.get(r.chef_id) ?? []), r.type]);
  for (const [chef, types] of held)
    held.set(
      chef,
      CREDENTIAL_TYPES.filter((t) => types.includes(t)),
    );
  return held;
}

/** One chef's credential types held now. */
export async function heldCredentials(
  database: Database,
  chefId: string,
  now: Date,
  executor?: Executor,
): Promise<CredentialType[]> {
  return (await heldCredentialsOf(database, [chefId], now, executor)).get(chefId) ?? [];
}

/** A column: the credential types the chef `chef` holds now, as a JSON list (the applications list's cards). */
export function heldCredentialsColumn(chef: SQL, now: Date): SQL {
  return sql`(select coalesce(json_agg(distinct cc.type), '[]'::json) from jobs.chef_credentials cc
    where cc.chef_id = ${chef} and ${countsAt(now)})`;
}

/** A condition: the chef `chef` holds every credential of `required` now (true when none is required). */
export function holdsCredentials(chef: SQL, required: readonly string[], now: Date): SQL {
  if (required.length === 0) return sql`true`;
  return sql.join(
    required.map(
      (type) =>
        sql`exists (select 1 from jobs.chef_credentials cc
                     where cc.chef_id = ${chef} and cc.type = ${type} and ${countsAt(now)})`,
    ),
    sql` and `,
  );
}

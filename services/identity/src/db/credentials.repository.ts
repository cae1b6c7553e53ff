import { sql, type SQL } from 'drizzle-orm';
import {
  CITY_TIME_ZONES,
  DEFAULT_TIME_ZONE,
  type CredentialStatus,
  type CredentialType,
  type StoredCredentialStatus,
} from '@brigade/contracts';
import type { Database, Executor } from '@brigade/kit';

// Issue 39: every query of credentials. A credential counts until 00:00 of its `expires_on` day in its chef's
// city's zone (contracts/src/credentials.ts): `endsAt` below is that instant, computed by PostgreSQL from the
// chef profile's city, so lists, the queue and the expiry sweep read one rule.

/** A credential as the reads answer it, with its chef's city (the zone its dates are read in). */
export interface CredentialRecord {
  id: string;
  chefId: string;
  type: CredentialType;
  number: string | null;
  issuer: string | null;
  /** YYYY-MM-DD */
  expiresOn: string;
  status: StoredCredentialStatus;
  fileKey: string;
  fileType: string;
  reason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  chefCity: string | null;
}

/** With the chef's name and email: the operators' queue. */
export interface QueuedCredential extends CredentialRecord {
  chefName: string | null;
  chefEmail: string;
}

interface Row {
  id: string;
  chef_id: string;
  type: CredentialType;
  number: string | null;
  issuer: string | null;
  expires_on: string;
  status: StoredCredentialStatus;
  file_key: string;
  file_type: string;
  reason: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  chef_city: string | null;
  chef_name?: string | null;
  chef_email?: string;
}

const toRecord = (r: Row): CredentialRecord => ({
  id: r.id,
  chefId: r.chef_id,
  type: r.type,
  number: r.number,
  issuer: r.issuer,
  expiresOn: r.expires_on,
  status: r.status,
  fileKey: r.file_key,
  fileType: r.file_type,
  reason: r.reason,
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at),
  createdAt: new Date(r.created_at),
  chefCity: r.chef_city,
});

/** The time zone of a city column, as contracts' CITY_TIME_ZONES says (DEFAULT_TIME_ZONE otherwise). */
export function cityZoneSql(city: SQL): SQL {
  const cases = Object.entries(CITY_TIME_ZONES).map(([name, zone]) => sql`when ${name} then ${zone}`);
  return sql`(case ${city} ${sql.join(cases, sql` `)} else ${DEFAULT_TIME_ZONE} end)`;
}

/** 00:00 of the credential's expiry day in its chef's zone: it counts strictly before this instant. */
const endsAt = sql`(c.expires_on::timestamp at time zone ${cityZoneSql(sql`cp.city`)})`;

const columns = sql`c.id, c.chef_id, c.type, c.number, c.issuer, to_char(c.expires_on, 'YYYY-MM-DD') as expires_on,
  c.status, c.file_key, c.file_type, c.reason, c.decided_at, c.created_at, cp.city as chef_city`;
const from = sql`identity.credentials c left join identity.chef_profiles cp on cp.user_id = c.chef_id`;

/** The city of a chef's profile (their credentials' zone), null without a profile. */
export async function chefCityOf(database: Database, chefId: string, executor?: Executor) {
  const [row] = await database.rows<{ city: string }>(
    sql`select city from identity.chef_profiles where user_id = ${chefId}`,
    executor,
  );
  return row?.city ?? null;
}

/** Credentials of a chef waiting for an operator that still count (an expired one waits for nobody). */
export async function countPendingOf(database: Database, chefId: string, now: Date, executor?: Executor) {
  const [row] = await database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${from}
         where c.chef_id = ${chefId} and c.status = 'pending' and ${endsAt} > ${now.toISOString()}::timestamptz`,
    executor,
  );
  return Number(row?.n ?? 0);
}

export async function insertCredential(
  database: Database,
  tx: Executor,
  c: {
    id: string;
    chefId: string;
    type: CredentialType;
    number: string | null;
    issuer: string | null;
    expiresOn: string;
    fileKey: string;
    fileType: string;
    fileBytes: number;
    createdAt: Date;
  },
) {
  await database.rows(
    sql`insert into identity.credentials
          (id, chef_id, type, number, issuer, expires_on, status, file_key, file_type, file_bytes, created_at)
        values (${c.id}, ${c.chefId}, ${c.type}, ${c.number}, ${c.issuer}, ${c.expiresOn}::date, 'pending',
          ${c.fileKey}, ${c.fileType}, ${c.fileBytes}, ${c.createdAt.toISOString()}::timestamptz)`,
    tx,
  );
}

export async function findCredential(database: Database, id: string, executor?: Executor) {
  const [row] = await database.rows<Row>(sql`select ${columns} from ${from} where c.id = ${id}`, executor);
  return row ? toRecord(row) : null;
}

/** The credential locked for an operator's decision (in the caller's transaction). */
export async function lockCredential(database: Database, tx: Executor, id: string) {
  const [row] = await database.rows<Row>(
    sql`select ${columns} from ${from} where c.id = ${id} for update of c`,
    tx,
  );
  return row ? toRecord(row) : null;
}

/** A chef's own credentials, newest first. */
export async function credentialsOf(database: Database, chefId: string) {
  const rows = await database.rows<Row>(
    sql`select ${columns} from ${from} where c.chef_id = ${chefId} order by c.created_at desc, c.id limit 200`,
  );
  return rows.map(toRecord);
}

/**
 * The operators' queue by the status answers show: `pending` and `verified` ones that still count, `expired` ones
 * (pending or verified whose day came), `rejected` and `revoked` as stored. Pending oldest first (a queue), the
 * others newest first. At most 200.
 */
export async function credentialQueue(database: Database, status: CredentialStatus, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const where =
    status === 'expired'
      ? sql`c.status in ('pending', 'verified') and ${endsAt} <= ${at}`
      : status === 'pending' || status === 'verified'
        ? sql`c.status = ${status} and ${endsAt} > ${at}`
        : sql`c.status = ${status}`;
  const order =
    status === 'pending' ? sql`c.created_at, c.id` : sql`coalesce(c.decided_at, c.created_at) desc, c.id`;
  const rows = await database.rows<Row>(
    sql`select ${columns}, cp.name as chef_name, u.email as chef_email
          from ${from} join identity.users u on u.id = c.chef_id
         where ${where}
         order by ${order}
         limit 200`,
  );
  return rows.map((r) => ({ ...toRecord(r), chefName: r.chef_name ?? null, chefEmail: r.chef_email ?? '' }));
}

/** One credential with its chef's name and email (the queue's shape). */
export async function findQueued(database: Database, id: string): Promise<QueuedCredential | null> {
  const [r] = await database.rows<Row>(
    sql`select ${columns}, cp.name as chef_name, u.email as chef_email
          from ${from} join identity.users u on u.id = c.chef_id
         where c.id = ${id}`,
  );
  return r ? { ...toRecord(r), chefName: r.chef_name ?? null, chefEmail: r.chef_email ?? '' } : null;
}

/** An operator's decision on a credential (in the caller's transaction, after `lockCredential`). */
export async function decideCredential(
  database: Database,
  tx: Executor,
  id: string,
  d: { status: StoredCredentialStatus; reason: string | null; at: Date; by: string },
) {
  await database.rows(
    sql`update identity.credentials
           set status = ${d.status}, reason = ${d.reason}, decided_at = ${d.at.toISOString()}::timestamptz,
               decided_by = ${d.by}
         where id = ${id}`,
    tx,
  );
}

/**
 * The next verified credential due its expiring-soon notice (from `noticeMs` before it stops counting, until it
 * does), not announced yet, claimed for this transaction (FOR UPDATE SKIP LOCKED: any number of instances).
 */
export async function claimNextExpiring(database: Database, tx: Executor, now: Date, noticeMs: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await database.rows<Row>(
    sql`select ${columns} from ${from}
         where c.status = 'verified' and c.expiry_noticed_at is null
           and ${endsAt} > ${at}
           and ${endsAt} <= ${at} + ${noticeMs} * interval '1 millisecond'
         order by c.expires_on, c.id
         limit 1
         for update of c skip locked`,
    tx,
  );
  return row ? toRecord(row) : null;
}

export async function markExpiryNoticed(database: Database, tx: Executor, id: string, at: Date) {
  await database.rows(
    sql`update identity.credentials set expiry_noticed_at = ${at.toISOString()}::timestamptz where id = ${id}`,
    tx,
  );
}

/**
 * The verified credentials of several chefs (a profile, a page of search results) with their city: the caller
 * keeps those that count now. Chefs without any are absent.
 */
export async function verifiedCredentialsOf(
  database: Database,
  chefIds: string[],
): Promise<
  Map<string, { city: string | null; credentials: Array<{ type: CredentialType; expiresOn: string }> }>
> {
  const found = new Map<
    string,
    { city: string | null; credentials: Array<{ type: CredentialType; expiresOn: string }> }
  >();
  if (chefIds.length === 0) return found;
  const rows = await database.rows<{
    chef_id: string;
    type: CredentialType;
    expires_on: string;
    city: string | null;
  }>(
    sql`select c.chef_id, c.type, to_char(c.expires_on, 'YYYY-MM-DD') as expires_on, cp.city
          from ${from}
         where c.status = 'verified' and c.chef_id in (${sql.join(
           [...new Set(chefIds)].map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  for (const r of rows) {
    const entry = found.get(r.chef_id) ?? { city: r.city, credentials: [] };
    entry.credentials.push({ type: r.type, expiresOn: r.expires_on });
    found.set(r.chef_id, entry);
  }
  return found;
}

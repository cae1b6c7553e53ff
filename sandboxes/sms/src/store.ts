import { sql, type Database, type Executor } from '@brigade/kit';

export interface VerificationRow {
  sid: string;
  service_sid: string;
  to_phone: string;
  code: string;
  locale: string;
  status: 'pending' | 'approved' | 'expired' | 'max_attempts_reached';
  send_attempts: number;
  wrong_checks: number;
  created_at: Date;
  expires_at: Date;
}

export interface OutboxRow {
  sid: string;
  /** what became of a message: queued, then delivered, failed or undelivered (its last status callback) */
  status?: string | null;
  error_code?: string | null;
  kind: 'verification' | 'message';
  to_phone: string;
  from_phone: string | null;
  body: string;
  sent_at: Date;
}

/** One number of one Verify service at a time (concurrent sends and checks of a number queue here). */
export async function lockNumber(tx: Executor, serviceSid: string, to: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-sandbox:${serviceSid}:${to}`}))`);
}

/** The number's newest verification that has not expired at `now` (whatever its status), if any. */
export async function currentVerification(
  database: Database,
  tx: Executor,
  serviceSid: string,
  to: string,
  now: Date,
): Promise<VerificationRow | undefined> {
  const [row] = await database.rows<VerificationRow>(
    sql`select * from sms_sandbox.verifications
        where service_sid = ${serviceSid} and to_phone = ${to} and expires_at > ${now.toISOString()}::timestamptz
        order by created_at desc, sid limit 1`,
    tx,
  );
  return row;
}

/** The code of the number's previous verification (a new one is never the same code twice in a row). */
export async function lastCode(database: Database, tx: Executor, serviceSid: string, to: string) {
  const [row] = await database.rows<{ code: string }>(
    sql`select code from sms_sandbox.verifications where service_sid = ${serviceSid} and to_phone = ${to}
        order by created_at desc limit 1`,
    tx,
  );
  return row?.code ?? null;
}

export async function insertVerification(database: Database, tx: Executor, v: VerificationRow) {
  await database.rows(
    sql`insert into sms_sandbox.verifications
          (sid, service_sid, to_phone, code, locale, status, send_attempts, wrong_checks, created_at, expires_at)
        values (${v.sid}, ${v.service_sid}, ${v.to_phone}, ${v.code}, ${v.locale}, ${v.status}, ${v.send_attempts},
          ${v.wrong_checks}, ${v.created_at.toISOString()}::timestamptz, ${v.expires_at.toISOString()}::timestamptz)`,
    tx,
  );
}

export async function updateVerification(
  database: Database,
  tx: Executor,
  sid: string,
  change: Partial<Pick<VerificationRow, 'status' | 'send_attempts' | 'wrong_checks'>>,
) {
  await database.rows(
    sql`update sms_sandbox.verifications set
          status = coalesce(${change.status ?? null}, status),
          send_attempts = coalesce(${change.send_attempts ?? null}::int, send_attempts),
          wrong_checks = coalesce(${change.wrong_checks ?? null}::int, wrong_checks)
        where sid = ${sid}`,
    tx,
  );
}

export async function recordText(
  database: Database,
  tx: Executor | undefined,
  text: OutboxRow & { account_sid: string },
) {
  await database.rows(
    sql`insert into sms_sandbox.texts (sid, kind, account_sid, to_phone, from_phone, body, sent_at, status)
        values (${text.sid}, ${text.kind}, ${text.account_sid}, ${text.to_phone}, ${text.from_phone}, ${text.body},
          ${text.sent_at.toISOString()}::timestamptz, ${text.status ?? null})`,
    tx,
  );
}

/** The newest texts first (to one number when `to` is given). */
export async function readOutbox(database: Database, to: string | undefined, limit: number) {
  return database.rows<OutboxRow>(
    sql`select sid, kind, to_phone, from_phone, body, sent_at, status, error_code from sms_sandbox.texts
        ${to ? sql`where to_phone = ${to}` : sql``}
        order by seq desc limit ${limit}`,
  );
}

/** A setting made once and kept with the sandbox's data (its webhook token). */
export async function setting(database: Database, key: string, make: () => string): Promise<string> {
  await database.rows(
    sql`insert into sms_sandbox.settings (key, value) values (${key}, ${make()}) on conflict (key) do nothing`,
  );
  const [row] = await database.rows<{ value: string }>(
    sql`select value from sms_sandbox.settings where key = ${key}`,
  );
  return row.value;
}

export interface FaultRow {
  to_phone: string;
  status: 'failed' | 'undelivered';
  error_code: string;
  remaining: number | null;
}

export async function putFault(database: Database, f: FaultRow) {
  await database.rows(
    sql`insert into sms_sandbox.faults (to_phone, status, error_code, remaining)
        values (${f.to_phone}, ${f.status}, ${f.error_code}, ${f.remaining})
        on conflict (to_phone) do update set status = excluded.status, error_code = excluded.error_code,
          remaining = excluded.remaining`,
  );
}

export async function clearFaults(database: Database, to?: string) {
  await database.rows(sql`delete from sms_sandbox.faults ${to ? sql`where to_phone = ${to}` : sql``}`);
}

/**
 * The fault a text to `to` meets now (one of its `remaining` used up; `remaining` is what is left after it), if
 * any. One statement, with no transaction, for every text: a number with no fault reads one index entry. Two texts
 * to the same number at once take the row's lock in turn, and the second sees what the first left, so a fault
 * set for `count` texts meets exactly that many.
 */
export async function takeFault(database: Database, to: string): Promise<FaultRow | null> {
  const [row] = await database.rows<FaultRow>(
    sql`update sms_sandbox.faults set remaining = remaining - 1
        where to_phone = ${to} and (remaining is null or remaining > 0)
        returning to_phone, status, error_code, remaining`,
    undefined,
    { prepared: true },
  );
  if (row?.remaining === 0)
    await database.rows(sql`delete from sms_sandbox.faults where to_phone = ${to} and remaining = 0`);
  return row ?? null;
}

export async function setTextStatus(
  database: Database,
  sid: string,
  status: string,
  errorCode: string | null,
) {
  await database.rows(
    sql`update sms_sandbox.texts set status = ${status}, error_code = ${errorCode} where sid = ${sid}`,
  );
}

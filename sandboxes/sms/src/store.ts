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
    sql`insert into sms_sandbox.texts (sid, kind, account_sid, to_phone, from_phone, body, sent_at)
        values (${text.sid}, ${text.kind}, ${text.account_sid}, ${text.to_phone}, ${text.from_phone}, ${text.body},
          ${text.sent_at.toISOString()}::timestamptz)`,
    tx,
  );
}

/** The newest texts first (to one number when `to` is given). */
export async function readOutbox(database: Database, to: string | undefined, limit: number) {
  return database.rows<OutboxRow>(
    sql`select sid, kind, to_phone, from_phone, body, sent_at from sms_sandbox.texts
        ${to ? sql`where to_phone = ${to}` : sql``}
        order by seq desc limit ${limit}`,
  );
}

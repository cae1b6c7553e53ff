import { sql, type Database } from '@brigade/kit';

export interface MailRow {
  seq: string;
  message_id: string | null;
  from_address: string | null;
  to_addresses: string[];
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers: Record<string, string>;
  sent_at: Date;
}

export async function recordMail(database: Database, mail: Omit<MailRow, 'seq'>) {
  await database.rows(
    sql`insert into mail_sandbox.mails
          (message_id, from_address, to_addresses, subject, text_body, html_body, headers, sent_at)
        values (${mail.message_id}, ${mail.from_address}, ${JSON.stringify(mail.to_addresses)}::jsonb, ${mail.subject},
          ${mail.text_body}, ${mail.html_body}, ${JSON.stringify(mail.headers)}::jsonb,
          ${mail.sent_at.toISOString()}::timestamptz)`,
  );
}

/** The newest mails first (to one address when `to` is given, whatever its case). */
export async function readOutbox(database: Database, to: string | undefined, limit: number) {
  return database.rows<MailRow>(
    sql`select seq, message_id, from_address, to_addresses, subject, text_body, html_body, headers, sent_at
          from mail_sandbox.mails
        ${to ? sql`where to_addresses @> ${JSON.stringify([to.toLowerCase()])}::jsonb` : sql``}
        order by seq desc limit ${limit}`,
  );
}

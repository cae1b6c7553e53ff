import { sql, type Database } from '@brigade/kit';
import { iso } from '../context';
import type { InboundAction } from '../domain/sms-keywords';

// The SQL of the texts people send us (`notifications.sms_inbound`) and of finding them by their number.

export interface PhoneOwner {
  user_id: string;
  language: string;
}

/** The people whose number this is (as identity announced it), oldest first. */
export async function recipientsByPhone(database: Database, phone: string): Promise<PhoneOwner[]> {
  return database.rows<PhoneOwner>(
    sql`select user_id, language from notifications.recipients where phone = ${phone} order by updated_at, user_id`,
  );
}

export async function inboundSeen(database: Database, messageSid: string): Promise<boolean> {
  const rows = await database.rows(
    sql`select 1 from notifications.sms_inbound where message_sid = ${messageSid}`,
  );
  return rows.length > 0;
}

export interface InboundRecord {
  messageSid: string;
  from: string;
  to: string | null;
  body: string;
  keyword: string | null;
  action: InboundAction;
  recipientIds: string[];
  reply: string | null;
}

/** Keep the text for operators (a repeated webhook of the same message keeps the first). */
export async function recordInbound(database: Database, r: InboundRecord, now: Date) {
  await database.rows(
    sql`insert into notifications.sms_inbound (message_sid, from_phone, to_phone, body, keyword, action, recipient_ids, reply, received_at)
        values (${r.messageSid}, ${r.from}, ${r.to}, ${r.body}, ${r.keyword}, ${r.action},
          string_to_array(${r.recipientIds.join(',')}, ',')::uuid[], ${r.reply}, ${iso(now)}::timestamptz)
        on conflict (message_sid) do nothing`,
  );
}

export interface InboundText {
  message_sid: string;
  from_phone: string;
  body: string;
  keyword: string | null;
  action: InboundAction;
  recipient_ids: string[];
  reply: string | null;
  received_at: string;
}

/** The texts people sent us, newest first (from one number when given). */
export async function inboundTexts(database: Database, from?: string, limit = 100): Promise<InboundText[]> {
  const rows = await database.rows<Omit<InboundText, 'received_at'> & { received_at: Date | string }>(
    sql`select message_sid, from_phone, body, keyword, action, recipient_ids, reply, received_at
        from notifications.sms_inbound ${from ? sql`where from_phone = ${from}` : sql``}
        order by seq desc limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, received_at: iso(r.received_at) }));
}

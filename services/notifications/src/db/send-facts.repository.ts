import { idArray, sql, textArray, type Database } from '@brigade/kit';
import type { NotificationType } from '@brigade/contracts';
import { choiceFromRow, type ChannelChoice } from './channel-preferences.repository';
import { liveSubscription } from './push-subscriptions.repository';
import { preferencesFromRow, type Preferences } from './preferences.repository';
import { RECIPIENT_COLUMNS, type Recipient } from './read-model.repository';
import { fallbackFromRow, type SmsFallback } from './sms-delivery.repository';

// Issue 41: what sending a batch of notifications reads, in one statement instead of six or so per notification.

/** What routing one notification to one person reads (`routeOf`), as the one-at-a-time reads had it. */
export interface SendFacts {
  recipient: Recipient;
  preferences: Preferences;
  /** a live push subscription of a browser */
  push: boolean;
  choice: ChannelChoice;
  fallback: SmsFallback | null;
}

/** Someone a notification names (its chef, restaurant, a message's sender), by user or profile id. */
export type NamedRecipient = Recipient & { profile_id: string | null };

/**
 * For each wanted notification (its recipient, by user or profile id as `findRecipient`, and its type): the person,
 * their toggles, whether a browser of theirs takes pushes now, their switches for the type and whether their texts
 * fall back; null for a person notifications does not know. With them, everyone `namedIds` names (by user or profile
 * id). One round trip and one snapshot; prepared (the wanted ones are array parameters).
 */
export async function sendFactsOf(
  database: Database,
  wanted: Array<{ recipientId: string; type: NotificationType }>,
  namedIds: string[],
  now: Date,
): Promise<{ facts: Array<SendFacts | null>; named: NamedRecipient[] }> {
  if (wanted.length === 0) return { facts: [], named: [] };
  const [row] = await database.rows<{ facts: FactsRow[]; named: NamedRecipient[] }>(
    sql`with wanted as (
          select w.id, w.type, w.n
            from unnest(${textArray(wanted.map((w) => w.recipientId))}::uuid[], ${textArray(wanted.map((w) => w.type))}::text[])
                 with ordinality as w(id, type, n)
        ), named as (select unnest(${idArray(namedIds)}::uuid[]) as id)
        select
          (select coalesce(json_agg(f order by f.n), '[]'::json) from (
            select w.n, to_json(r) as recipient,
              case when p.user_id is not null then json_build_object('sms_notifications', p.sms_notifications,
                'job_reminders', p.job_reminders, 'rating_reminders', p.rating_reminders) end as preferences,
              exists (select 1 from notifications.push_subscriptions ps
                       where ps.user_id = r.user_id and ${liveSubscription('ps', now)}) as push,
              case when cp.user_id is not null then json_build_object('sms', cp.sms, 'push', cp.push, 'email', cp.email) end
                as switches,
              sr.failures_in_a_row, sr.sms_fallback_since
            from wanted w
            left join lateral (
              select ${RECIPIENT_COLUMNS} from notifications.recipients
               where user_id = w.id or profile_id = w.id order by (user_id = w.id) desc limit 1) r on true
            left join notifications.preferences p on p.user_id = r.user_id
            left join notifications.channel_preferences cp on cp.user_id = r.user_id and cp.type = w.type
            left join notifications.sms_recipients sr on sr.user_id = r.user_id) f) as facts,
          (select coalesce(json_agg(n), '[]'::json) from (
            select ${RECIPIENT_COLUMNS}, profile_id from notifications.recipients
             where user_id = any(array(select id from named)) or profile_id = any(array(select id from named))) n) as named`,
    undefined,
    { prepared: true },
  );
  const facts = row.facts.map((f, i): SendFacts | null =>
    f.recipient
      ? {
          recipient: f.recipient,
          preferences: preferencesFromRow(f.preferences),
          push: f.push === true,
          choice: choiceFromRow(wanted[i].type, f.switches),
          fallback: fallbackFromRow(f),
        }
      : null,
  );
  return { facts, named: row.named };
}

interface FactsRow {
  n: number;
  recipient: Recipient | null;
  preferences: Preferences | null;
  push: boolean;
  switches: { sms: boolean; push: boolean; email: boolean } | null;
  failures_in_a_row: number | null;
  sms_fallback_since: string | null;
}

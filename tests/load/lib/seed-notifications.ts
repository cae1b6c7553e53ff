import pg from 'pg';
import { serviceDatabaseUrl } from '@brigade/kit';
import { until } from './api';

/** Each driving chef's inbox (issue 40): entries, newest first, of which the newest are unread. */
export const INBOX_VOLUME = { entriesPerChef: 40, unreadPerChef: 8 };

export interface SeedNotificationsInput {
  databaseUrl: string;
  restaurantIds: string[];
  chefIds: string[];
}

// What a chef's inbox holds in a working week: invitations, urgent shifts, answers, messages, reminders. Each
// names a restaurant (by user id, as the events do), so the inbox renders its name at read time.
const TEMPLATES = [
  'shift_invite',
  'shift_urgent',
  'application_accepted',
  'new_message',
  'job_reminder_chef',
];

/**
 * The driving chefs' inbox entries in notifications.sms, once notifications knows every driving account (the
 * recipients its events record, with their names): sent texts (the scheduler leaves them alone), the oldest read.
 * Their jobs need not exist in notifications: an entry renders from its own vars.
 */
export async function seedNotifications(
  input: SeedNotificationsInput,
): Promise<{ counts: Record<string, number>; ms: number }> {
  const started = Date.now();
  const client = new pg.Client({
    connectionString: serviceDatabaseUrl(input.databaseUrl, 'notifications', {}),
  });
  await client.connect();
  try {
    const everyone = [...input.chefIds, ...input.restaurantIds];
    await until(
      'notifications knows the driving accounts',
      async () => {
        const r = await client.query(
          `select count(*)::int as n from notifications.recipients where user_id = any($1::uuid[]) and name is not null`,
          [everyone],
        );
        return r.rows[0].n === everyone.length;
      },
      60_000,
      200,
    );
    const { entriesPerChef, unreadPerChef } = INBOX_VOLUME;
    const inserted = await client.query(
      `insert into notifications.sms
         (id, dedupe_key, recipient_id, template, vars, body, status, language, next_attempt_at, created_at, sent_at,
          read_at)
       select gen_random_uuid(), 'bench:inbox:' || c.id || ':' || i, c.id, ($4::text[])[1 + i % cardinality($4::text[])],
              jsonb_build_object(
                'job_id', job_id,
                'job_title', job_title,
                'start_time', to_char(starts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                'hourly_rate_cents', rate_cents,
                'restaurant_id', ($2::uuid[])[1 + (c.n + i) % cardinality($2::uuid[])],
                'sender_id', ($2::uuid[])[1 + (c.n + i) % cardinality($2::uuid[])]),
              -- the text as it was sent (a sent entry keeps it; about as long as the templates' texts)
              'Brigade: Bench Kitchen invites you to work "' || job_title || '" on '
                || to_char(starts, 'Dy, Mon DD, HH12:MI AM') || ', $'
                || to_char(rate_cents / 100.0, 'FM990.00') || '/hr. Apply: http://localhost:8080/jobs/' || job_id,
              'sent', 'en', now(), now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval,
              case when i >= $5::int then now() - (i || ' minutes')::interval end
         from unnest($1::uuid[]) with ordinality as c(id, n), generate_series(0, $3::int - 1) i,
              lateral (select overlay(overlay(md5('bench:inbox:j:' || c.id || ':' || i) placing '4' from 13)
                         placing '8' from 17)::uuid as job_id,
                       (array['Line Cook', 'Prep Cook', 'Sous Chef', 'Pastry Cook'])[1 + i % 4] as job_title,
                       now() + (i || ' hours')::interval as starts, 2500 + 100 * (i % 10) as rate_cents) j
        order by c.n, i desc -- the newest (i = 0) last: the highest seq, first in the inbox
       on conflict (dedupe_key) do nothing`,
      [input.chefIds, input.restaurantIds, entriesPerChef, TEMPLATES, unreadPerChef],
    );
    // New entries raise each chef's inbox version, as the service's own writes do (issue 41): a poll answered
    // before the seed is not taken for the seeded inbox. The stamps follow at each chef's next answer.
    await client.query(
      `insert into notifications.inboxes (user_id, version) select distinct unnest($1::uuid[]), 1
       on conflict (user_id) do update set version = notifications.inboxes.version + 1`,
      [input.chefIds],
    );
    return { counts: { inbox_entries: inserted.rowCount ?? 0 }, ms: Date.now() - started };
  } finally {
    await client.end();
  }
}

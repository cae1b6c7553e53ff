import { sql, type Database } from '@brigade/kit';
import { iso } from '../context';

// Issue 40: the browsers a person gets pushes on (`notifications.push_subscriptions`), one row per endpoint.

export interface PushSubscriptionRow {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
}

/** A person keeps at most this many browsers; subscribing another drops the one used longest ago. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

/** Keep `endpoint` for `userId`: new, refreshed, or moved from whoever had it (one browser, another person). */
export async function savePushSubscription(
  database: Database,
  s: { endpoint: string; userId: string; p256dh: string; auth: string; expiresAt: Date | null },
  now: Date,
) {
  await database.transaction(async (tx) => {
    await database.rows(
      sql`insert into notifications.push_subscriptions (endpoint, user_id, p256dh, auth, expires_at, created_at, updated_at)
          values (${s.endpoint}, ${s.userId}, ${s.p256dh}, ${s.auth}, ${s.expiresAt ? iso(s.expiresAt) : null}::timestamptz,
                  ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
          on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
            auth = excluded.auth, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
      tx,
    );
    await database.rows(
      sql`delete from notifications.push_subscriptions where user_id = ${s.userId} and endpoint not in (
            select endpoint from notifications.push_subscriptions where user_id = ${s.userId}
            order by updated_at desc, endpoint limit ${PUSH_SUBSCRIPTIONS_PER_PERSON})`,
      tx,
    );
  });
}

/** Remove `userId`'s subscription at `endpoint`; false when they have none there. */
export async function deletePushSubscription(database: Database, userId: string, endpoint: string) {
  const rows = await database.rows(
    sql`delete from notifications.push_subscriptions where endpoint = ${endpoint} and user_id = ${userId} returning endpoint`,
  );
  return rows.length > 0;
}

/** The push service said the subscription is gone (404, 410): drop it, whoever it belongs to now. */
export async function dropPushSubscription(database: Database, endpoint: string, p256dh: string) {
  await database.rows(
    sql`delete from notifications.push_subscriptions where endpoint = ${endpoint} and p256dh = ${p256dh}`,
  );
}

/** A subscription (table alias `alias`) still live at `now`: not past the expiry its browser gave. */
export const liveSubscription = (alias: string, now: Date) =>
  sql`(${sql.raw(alias)}.expires_at is null or ${sql.raw(alias)}.expires_at > ${iso(now)}::timestamptz)`;

/** `userId`'s live subscriptions (not past the expiry their browser gave), newest first. */
export async function pushSubscriptionsOf(database: Database, userId: string, now: Date) {
  return database.rows<PushSubscriptionRow>(
    sql`select endpoint, user_id, p256dh, auth from notifications.push_subscriptions ps
        where user_id = ${userId} and ${liveSubscription('ps', now)}
        order by updated_at desc, endpoint`,
  );
}

import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { claimDueDeliveries } from '../src/db/deliveries.repository';
import { deliveriesDue, schedulerWorkDue } from '../src/db/due-work.repository';
import { useNotifications } from './harness';

// The email and push queue (notifications.deliveries, migration 0012): which deliveries a loop claims and in which
// order, with many waiting for a retry (a mail outage) and another channel's due beside them. The rows are
// written a day ahead of the service's clock, so its own loops never take them: only this file's claims do.

const h = useNotifications();
const MINUTE = 60_000;
const recipient = randomUUID();

afterEach(async () => {
  await h.database.rows(sql`delete from notifications.deliveries where notification_id in (
    select id from notifications.sms where dedupe_key like 'deliveries-test:%')`);
  await h.database.rows(sql`delete from notifications.sms where dedupe_key like 'deliveries-test:%'`);
});

interface Delivery {
  channel: 'email' | 'push';
  status?: 'queued' | 'sending';
  /** when it is due (its next attempt) */
  due: Date;
  /** a `sending` delivery's lease */
  lease?: Date;
  attempts?: number;
}

/** Deliveries in the queue, written in this order (their seq), each of a notification already texted; their ids. */
async function queue(deliveries: Delivery[]): Promise<string[]> {
  const ids: string[] = [];
  for (const d of deliveries) {
    const id = randomUUID();
    await h.database.rows(
      sql`insert into notifications.sms
            (id, dedupe_key, recipient_id, template, vars, priority, status, next_attempt_at, created_at)
          values (${id}, ${`deliveries-test:${id}`}, ${recipient}, 'payout_released', '{}'::jsonb, 1, 'sent',
            ${d.due.toISOString()}::timestamptz, ${d.due.toISOString()}::timestamptz)`,
    );
    await h.database.rows(
      sql`insert into notifications.deliveries
            (notification_id, channel, recipient_id, status, attempts, next_attempt_at, locked_until, created_at)
          values (${id}, ${d.channel}, ${recipient}, ${d.status ?? 'queued'}, ${d.attempts ?? 0},
            ${d.due.toISOString()}::timestamptz, ${d.lease?.toISOString() ?? null}::timestamptz,
            ${d.due.toISOString()}::timestamptz)`,
    );
    ids.push(id);
  }
  return ids;
}

/** Many deliveries by `channel`, one a second from `from` (a mail outage's retries, if `from` is ahead). */
async function many(count: number, channel: 'email' | 'push', from: Date) {
  await h.database.rows(
    sql`with n as (
          insert into notifications.sms
            (id, dedupe_key, recipient_id, template, vars, priority, status, next_attempt_at, created_at)
          select gen_random_uuid(), 'deliveries-test:' || ${channel}::text || ':' || i, ${recipient}, 'payout_released',
            '{}'::jsonb, 1, 'sent', ${from.toISOString()}::timestamptz - interval '1 hour',
            ${from.toISOString()}::timestamptz - interval '1 hour'
          from generate_series(0, ${count - 1}) i
          returning id, split_part(dedupe_key, ':', 3)::int as i)
        insert into notifications.deliveries
          (notification_id, channel, recipient_id, status, attempts, next_attempt_at, created_at, last_error)
        select id, ${channel}, ${recipient}, 'queued', 1, ${from.toISOString()}::timestamptz + make_interval(secs => i),
          ${from.toISOString()}::timestamptz - interval '1 hour', 'mail service unavailable'
        from n`,
  );
}

const claim = async (channel: 'email' | 'push', at: Date, batch: number) =>
  (await claimDueDeliveries(h.database, channel, at, new Date(at.getTime() + 2 * MINUTE), batch))
    .map((r) => r.notification_id)
    .sort();

test('an email due is claimed past hundreds waiting for a retry, the longest due first, and never a push', async () => {
  const at = new Date(h.clock.now().getTime() + 24 * 60 * MINUTE);
  const later = (ms: number) => new Date(at.getTime() + ms);
  await many(300, 'email', later(MINUTE)); // the outage's retries, not due yet
  await many(200, 'push', later(-10 * MINUTE)); // due, but the push loop's
  const [dueLately, dueLonger, lapsed, held] = await queue([
    { channel: 'email', due: later(-5_000) },
    { channel: 'email', due: later(-10_000), attempts: 1 }, // a retry, due before the one written above it
    // left `sending` by an instance whose lease ran out a minute ago
    { channel: 'email', status: 'sending', due: later(-20 * MINUTE), lease: later(-MINUTE), attempts: 1 },
    // another instance's, still within its lease
    { channel: 'email', status: 'sending', due: later(-MINUTE), lease: later(MINUTE), attempts: 1 },
  ]);
  expect(await schedulerWorkDue(h.database, at)).toBe(true);

  expect(await claim('email', at, 2)).toEqual([lapsed, dueLonger].sort());
  expect(await claim('email', at, 2)).toEqual([dueLately]);
  expect(await claim('email', at, 2)).toEqual([]);
  // the text loop (texts and emails) has nothing left; the pushes due are the push loop's alone
  expect(await schedulerWorkDue(h.database, at)).toBe(false);
  expect(await deliveriesDue(h.database, 'email', at)).toBe(false);
  expect(await deliveriesDue(h.database, 'push', at)).toBe(true);

  const rows = await h.database.rows<{
    id: string;
    status: string;
    attempts: number;
    locked_until: Date | string;
  }>(
    sql`select notification_id as id, status, attempts, locked_until from notifications.deliveries
        where notification_id = any(${`{${[dueLonger, lapsed, held].join(',')}}`}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // each claimed delivery is the claimer's for two minutes, one attempt more; the held lease is untouched
  expect(byId.get(dueLonger)).toMatchObject({ status: 'sending', attempts: 2 });
  expect(byId.get(lapsed)).toMatchObject({ status: 'sending', attempts: 2 });
  expect(new Date(byId.get(lapsed)!.locked_until).getTime()).toBe(later(2 * MINUTE).getTime());
  expect(new Date(byId.get(held)!.locked_until).getTime()).toBe(later(MINUTE).getTime());

  expect(await claim('push', at, 500)).toHaveLength(200);
  expect(await deliveriesDue(h.database, 'push', at)).toBe(false);
  const waiting = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from notifications.deliveries
        where channel = 'email' and status = 'queued' and attempts = 1 and last_error is not null`,
  );
  expect(Number(waiting[0].n)).toBe(300);
});

test('an email waiting for its retry is left alone until it is due, then claimed before a newer one', async () => {
  const at = new Date(h.clock.now().getTime() + 48 * 60 * MINUTE);
  const later = (ms: number) => new Date(at.getTime() + ms);
  const [retry, fresh] = await queue([
    { channel: 'email', due: later(30_000), attempts: 1 },
    { channel: 'email', due: later(20_000) },
  ]);
  expect(await claim('email', at, 20)).toEqual([]);
  expect(await schedulerWorkDue(h.database, at)).toBe(false);
  expect(await deliveriesDue(h.database, 'email', at)).toBe(false);

  expect(await schedulerWorkDue(h.database, later(25_000))).toBe(true);
  expect(await deliveriesDue(h.database, 'email', later(25_000))).toBe(true);
  expect(await claim('email', later(40_000), 1)).toEqual([fresh]); // due 10 s before the retry
  expect(await claim('email', later(40_000), 1)).toEqual([retry]);
});

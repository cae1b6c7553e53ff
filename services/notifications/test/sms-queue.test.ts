import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { schedulerWorkDue } from '../src/db/due-work.repository';
import { claimDueSms } from '../src/db/sms.repository';
import { PRIORITY } from '../src/domain/rules';
import { useNotifications } from './harness';

// The text queue (notifications.sms): which texts a sender claims and in which order, with many texts waiting
// for a retry (a provider down, a recipient not known yet). The rows are written a day ahead of the service's
// clock, so its own scheduler never takes them: only this file's claims do.

const h = useNotifications();
const MINUTE = 60_000;
const recipient = randomUUID();

afterEach(async () => {
  await h.database.rows(sql`delete from notifications.sms where dedupe_key like 'queue-test:%'`);
});

interface Text {
  priority: number;
  status?: 'queued' | 'sending';
  /** when it is due (its next attempt) */
  due: Date;
  /** a `sending` text's lease */
  lease?: Date;
  attempts?: number;
}

/** Texts in the queue, written in this order (their seq); their ids. */
async function queue(texts: Text[]): Promise<string[]> {
  const ids: string[] = [];
  for (const t of texts) {
    const id = randomUUID();
    await h.database.rows(
      sql`insert into notifications.sms
            (id, dedupe_key, recipient_id, template, vars, priority, status, attempts, next_attempt_at, locked_until, created_at)
          values (${id}, ${`queue-test:${id}`}, ${recipient}, 'application_accepted', '{}'::jsonb, ${t.priority},
            ${t.status ?? 'queued'}, ${t.attempts ?? 0}, ${t.due.toISOString()}::timestamptz,
            ${t.lease?.toISOString() ?? null}::timestamptz, ${t.due.toISOString()}::timestamptz)`,
    );
    ids.push(id);
  }
  return ids;
}

/** Many texts waiting for their retry, at `from` and later. */
async function waitingForRetry(count: number, priority: number, from: Date) {
  await h.database.rows(
    sql`insert into notifications.sms
          (id, dedupe_key, recipient_id, template, vars, priority, status, attempts, next_attempt_at, created_at, last_error)
        select gen_random_uuid(), 'queue-test:waiting:' || ${priority}::int || ':' || i, ${recipient},
          'shift_new', '{}'::jsonb, ${priority}, 'queued', 1,
          ${from.toISOString()}::timestamptz + make_interval(secs => i), ${from.toISOString()}::timestamptz - interval '1 hour',
          'recipient unknown'
        from generate_series(0, ${count - 1}) i`,
  );
}

const claim = async (at: Date, batch: number) =>
  (await claimDueSms(h.database, at, new Date(at.getTime() + 2 * MINUTE), batch)).map((r) => r.id).sort();

test('a due text is claimed past hundreds waiting for a retry: the urgent first, then the longest due', async () => {
  const at = new Date(h.clock.now().getTime() + 24 * 60 * MINUTE);
  const later = (ms: number) => new Date(at.getTime() + ms);
  await waitingForRetry(300, PRIORITY.direct, later(MINUTE));
  await waitingForRetry(500, PRIORITY.broadcast, later(30_000));
  const [nearbyDueLately, nearbyDueLonger, favorite, direct, lapsed, held] = await queue([
    { priority: PRIORITY.broadcast, due: later(-5_000) },
    { priority: PRIORITY.broadcast, due: later(-10_000), attempts: 1 }, // a retry, due before the one above
    { priority: PRIORITY.favorite, due: later(-1_000) },
    { priority: PRIORITY.direct, due: at },
    // left `sending` by an instance whose lease ran out a minute ago
    {
      priority: PRIORITY.broadcast,
      status: 'sending',
      due: later(-20 * MINUTE),
      lease: later(-MINUTE),
      attempts: 1,
    },
    // another instance's, still within its lease
    { priority: PRIORITY.direct, status: 'sending', due: later(-MINUTE), lease: later(MINUTE), attempts: 1 },
  ]);
  expect(await schedulerWorkDue(h.database, at)).toBe(true);

  expect(await claim(at, 3)).toEqual([direct, favorite, lapsed].sort());
  expect(await claim(at, 3)).toEqual([nearbyDueLonger, nearbyDueLately].sort());
  expect(await claim(at, 3)).toEqual([]);
  expect(await schedulerWorkDue(h.database, at)).toBe(false);

  const rows = await h.database.rows<{
    id: string;
    status: string;
    attempts: number;
    locked_until: Date | string;
  }>(
    sql`select id, status, attempts, locked_until from notifications.sms
        where id = any(${`{${[nearbyDueLonger, direct, lapsed, held].join(',')}}`}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  // each claimed text is the claimer's for two minutes, one attempt more; the held lease is untouched
  expect(byId.get(direct)).toMatchObject({ status: 'sending', attempts: 1 });
  expect(byId.get(nearbyDueLonger)).toMatchObject({ status: 'sending', attempts: 2 });
  expect(byId.get(lapsed)).toMatchObject({ status: 'sending', attempts: 2 });
  expect(new Date(byId.get(lapsed)!.locked_until).getTime()).toBe(later(2 * MINUTE).getTime());
  expect(new Date(byId.get(held)!.locked_until).getTime()).toBe(later(MINUTE).getTime());
  const waiting = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from notifications.sms
        where dedupe_key like 'queue-test:waiting:%' and status = 'queued' and attempts = 1`,
  );
  expect(Number(waiting[0].n)).toBe(800);
});

test('a text waiting for its retry is left alone until it is due, then claimed first among its priority', async () => {
  const at = new Date(h.clock.now().getTime() + 48 * 60 * MINUTE);
  const later = (ms: number) => new Date(at.getTime() + ms);
  const [retry, fresh] = await queue([
    { priority: PRIORITY.broadcast, due: later(30_000), attempts: 1 },
    { priority: PRIORITY.broadcast, due: later(20_000) },
  ]);
  expect(await claim(at, 20)).toEqual([]);
  expect(await schedulerWorkDue(h.database, at)).toBe(false);

  expect(await schedulerWorkDue(h.database, later(25_000))).toBe(true);
  expect(await claim(later(40_000), 1)).toEqual([fresh]); // due 20 s before the retry
  expect(await claim(later(40_000), 1)).toEqual([retry]);
});

// The inbox's answer alone (issue 41): notifications' `readInbox` for a chef with 40 entries (8 unread), the
// first page of 20 as the notifications page asks it, called in this process against PostgreSQL (DATABASE_URL;
// PGlite without it), 10 at a time. Prints this process's CPU per 1,000 answers (the service's share of an
// answer: queries' client side, rendering, JSON) for the 200s and for the 304s, in rounds.
//   npx tsx tests/load/inbox-probe.ts            ROUNDS=5 ANSWERS=2000
import { randomUUID } from 'node:crypto';
import { createLogger, sql } from '@brigade/kit';
import { createTestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../../services/notifications/src/app';
import { loadNotificationsConfig } from '../../services/notifications/src/config';
import type { NotificationsContext } from '../../services/notifications/src/context';
import { readInbox } from '../../services/notifications/src/queries/inbox';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const ANSWERS = Number(process.env.ANSWERS ?? 2000);
const CONCURRENCY = 10;

async function main() {
  const database = await createTestDatabase('notifications', await loadMigrations());
  const config = loadNotificationsConfig({ SMS_SANDBOX: '1', PUBLIC_URL: 'http://localhost:8080' });
  const ctx = {
    database,
    config,
    logger: createLogger('inbox-probe', 'silent'),
    now: () => new Date(),
  } as unknown as NotificationsContext;
  const chef = randomUUID();
  const restaurants = [randomUUID(), randomUUID(), randomUUID()];
  await database.rows(
    sql`insert into notifications.recipients (user_id, user_type, language, name, city)
        values (${chef}, 'chef', 'en', 'Ana Ruiz', 'Detroit')`,
  );
  for (const [i, id] of restaurants.entries())
    await database.rows(
      sql`insert into notifications.recipients (user_id, user_type, language, name, city, address)
          values (${id}, 'restaurant', 'en', ${`Kitchen ${i}`}, 'Detroit', '1 Main St')`,
    );
  const templates = [
    'shift_invite',
    'shift_urgent',
    'application_accepted',
    'new_message',
    'job_reminder_chef',
  ];
  for (let i = 39; i >= 0; i--) {
    const at = new Date(Date.now() - i * 60_000).toISOString();
    const vars = {
      job_id: randomUUID(),
      job_title: 'Line Cook',
      start_time: new Date(Date.now() + i * 3_600_000).toISOString(),
      hourly_rate_cents: 2500,
      restaurant_id: restaurants[i % 3],
      sender_id: restaurants[i % 3],
    };
    await database.rows(
      sql`insert into notifications.sms (id, dedupe_key, recipient_id, template, vars, status, language,
            next_attempt_at, created_at, sent_at, read_at)
          values (${randomUUID()}, ${`probe:${i}`}, ${chef}, ${templates[i % templates.length]},
            ${JSON.stringify(vars)}::jsonb, 'sent', 'en', ${at}::timestamptz, ${at}::timestamptz,
            ${at}::timestamptz, ${i >= 8 ? at : null}::timestamptz)`,
    );
  }
  const user = { id: chef, type: 'chef' } as Parameters<typeof readInbox>[1];
  const first = await readInbox(ctx, user, {}, undefined);
  if (first.status !== 200 || first.body.notifications.length !== 20) throw new Error('not a page of 20');
  const etag = first.etag;
  const measure = async (ifNoneMatch: string | undefined) => {
    let left = ANSWERS;
    const before = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left-- > 0) {
          const r = await readInbox(ctx, user, {}, ifNoneMatch);
          if (r.status === 200) JSON.stringify(r.body); // as sendJson writes it
        }
      }),
    );
    const used = process.cpuUsage(before);
    return Math.round(((used.user + used.system) / 1000 / ANSWERS) * 1000);
  };
  await measure(undefined); // warm
  for (let round = 1; round <= ROUNDS; round++) {
    const ok = await measure(undefined);
    const notModified = await measure(etag);
    console.log(`round ${round}: CPU ms per 1,000 answers: 200 ${ok}, 304 ${notModified}`);
  }
  await database.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

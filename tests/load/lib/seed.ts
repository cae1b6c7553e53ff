import pg from 'pg';
import {
  CITIES,
  CUISINES,
  DEFAULT_CHEF_AVAILABILITY,
  DEFAULT_RESTAURANT_HOURS,
  POSITIONS,
  SKILLS,
} from '@brigade/contracts';
import { serviceDatabaseUrl } from '@brigade/kit';

/** The data volumes of the issue (at least), plus what the driving accounts need. */
export const VOLUME = {
  restaurants: 200,
  chefs: 5000,
  openShifts: 2000,
  applicationsPerShift: 10, // 20,000
  threadsWithMessages: 10_000,
  messagesPerThread: 5, // 50,000
  /** Open shifts of each driving restaurant, each with pending applicants: the pool the accept benchmark uses. */
  acceptPoolPerRestaurant: 200,
  applicantsPerPoolShift: 2,
  /** Each driving chef's own applications (their applications poll and conversations), with messages. */
  drivingChefApplications: 10,
  drivingThreadMessages: 20,
};

export interface SeedInput {
  databaseUrl: string;
  restaurantIds: string[];
  chefIds: string[];
}

export interface SeedResult {
  counts: Record<string, number>;
  ms: number;
  /** Per driving chef: a thread to poll with since. */
  threads: Array<{ chefId: string; jobId: string; lastMessageId: string }>;
}

// Deterministic ids: the same expression in every service database names the same row.
const R = (i: string) =>
  `overlay(overlay(md5('bench:r:' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
const RP = (i: string) =>
  `overlay(overlay(md5('bench:rp:' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
const C = (i: string) =>
  `overlay(overlay(md5('bench:c:' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
const CP = (i: string) =>
  `overlay(overlay(md5('bench:cp:' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
const J = (i: string) =>
  `overlay(overlay(md5('bench:j:' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
const A = (i: string, k: string) =>
  `overlay(overlay(md5('bench:a:' || ${i} || ':' || ${k}) placing '4' from 13) placing '8' from 17)::uuid`;
// What identity holds of each seeded person and the other services repeat (notifications texts the phone): one
// definition each, so the databases agree. Phones are E.164, as registration stores them, in blocks the driving
// accounts' (+1612 5,xxx,xxx) never reach.
const R_PHONE = (i: string) => `'+1313' || lpad((5000000 + ${i})::text, 7, '0')`;
const C_PHONE = (i: string) => `'+1612' || lpad((6000000 + ${i})::text, 7, '0')`;
const R_EMAIL = (i: string) => `'restaurant' || ${i} || '@seed.bench.brigade.test'`;
const C_EMAIL = (i: string) => `'chef' || ${i} || '@seed.bench.brigade.test'`;
/** Every fifth seeded chef reads Spanish. */
const C_LANGUAGE = (i: string) => `(case when ${i} % 5 = 0 then 'es' else 'en' end)`;
const CITY = (i: string) => `(case when ${i} % 2 = 0 then 'Minneapolis' else 'Detroit' end)`;
const STATE = (i: string) =>
  `(case when ${i} % 2 = 0 then '${CITIES.Minneapolis.state}' else '${CITIES.Detroit.state}' end)`;
const LAT = (i: string) =>
  `((case when ${i} % 2 = 0 then ${CITIES.Minneapolis.latitude} else ${CITIES.Detroit.latitude} end) + ((${i} * 37 % 1000) / 1000.0 - 0.5) * 0.5)`;
const LON = (i: string) =>
  `((case when ${i} % 2 = 0 then ${CITIES.Minneapolis.longitude} else ${CITIES.Detroit.longitude} end) + ((${i} * 53 % 1000) / 1000.0 - 0.5) * 0.6)`;
// A chef's place repeats every 1,000 chefs (LAT, LON); the skills also turn with each thousand, so chefs at one
// point do not all share their skills (as real chefs of one ZIP do not), whatever the scale (ADR 40).
const CHEF_SKILLS = (i: string) =>
  `array[($1::text[])[1 + (${i} + ${i} / 1000 * 3) % 25], ($1::text[])[1 + (${i} * 7 + 3 + ${i} / 1000 * 11) % 25], ($1::text[])[1 + (${i} * 11 + 5 + ${i} / 1000 * 13) % 25]]`;

/**
 * Jobs 0..1999 belong to the seeded restaurants (10 applicants each); jobs 2000.. to the driving restaurants
 * (the accept pool, 2 applicants each). Rows are what the services write themselves (same columns, same
 * states: open shifts are paid, held in escrow), generated in SQL so seeding takes seconds.
 */
/**
 * Issue 35: every fifth open shift asks for three chefs (one charge of three shares, three open seats), as a
 * Friday dinner does; the accept pool stays at one seat.
 */
const HEADCOUNT = (i: string) => `case when ${i} < ${VOLUME.openShifts} and ${i} % 5 = 4 then 3 else 1 end`;

/**
 * Issue 37: every twentieth open shift of the seeded restaurants is in a roster-first window (favorites only) that
 * ends 2 to 6 hours after seeding: the shared openings poll leaves it out and its version read finds the next
 * window's end, as in production, without a window ending in the middle of a run.
 */
const ROSTER_FIRST_EVERY = 20;
const ROSTER_FIRST_AT = 7;
const ROSTER_FIRST = (i: string) =>
  `case when ${i} < ${VOLUME.openShifts} and ${i} % ${ROSTER_FIRST_EVERY} = ${ROSTER_FIRST_AT} then 240 else 0 end,
   case when ${i} < ${VOLUME.openShifts} and ${i} % ${ROSTER_FIRST_EVERY} = ${ROSTER_FIRST_AT} then now() + make_interval(mins => 120 + ${i} % 240) end`;
/** Whether the seeded open shift of this index is in its roster-first window (a chef off the roster gets a 404). */
export const rosterFirst = (i: number) => i < VOLUME.openShifts && i % ROSTER_FIRST_EVERY === ROSTER_FIRST_AT;

function jobsSelect(): string {
  // $1 driving restaurant ids, $2 number of jobs, $3 positions
  return `
    select i,
      ${J('i')} as id,
      case when i < ${VOLUME.openShifts} then ${R(`(i % ${VOLUME.restaurants})`)}
           else ($1::uuid[])[1 + (i - ${VOLUME.openShifts}) / ${VOLUME.acceptPoolPerRestaurant}] end as restaurant_id,
      ($3::text[])[1 + i % ${POSITIONS.length}] as title,
      date_trunc('hour', now()) + make_interval(hours => 3 + i % 150) as start_time,
      1500 + (i * 137 % 61) * 100 as rate,
      ${HEADCOUNT('i')} as headcount
    from generate_series(0, $2::int - 1) i`;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

type Run = (client: pg.Client, label: string, text: string, params?: unknown[]) => Promise<void>;

/** Runs the seed's statements, counting the rows each table got (the seed's and the growth's figures). */
function rowCounter(): { counts: Record<string, number>; run: Run } {
  const counts: Record<string, number> = {};
  const run: Run = async (client, label, text, params = []) => {
    const r = await client.query(text, params);
    counts[label] = (counts[label] ?? 0) + (r.rowCount ?? 0);
  };
  return { counts, run };
}

/**
 * The seeded restaurants and chefs, one statement per table. `restaurants` and `chefs` are the series of their
 * numbers (the seed's `generate_series(0, n - 1)`, or the rows BENCH_SCALE adds), so the seed and its growth
 * write the same rows.
 */
function peopleRows(run: Run) {
  return {
    usersRows: (identity: pg.Client, restaurants: string, chefs: string) =>
      run(
        identity,
        'identity.users',
        `
      insert into identity.users (id, email, phone, password_hash, user_type, language_preference, phone_verified, created_at, updated_at)
      select ${R('i')}, ${R_EMAIL('i')}, ${R_PHONE('i')}, 'seeded: no login', 'restaurant', 'en', true, now() - interval '30 days', now() - interval '30 days'
      from ${restaurants} i
      union all
      select ${C('i')}, ${C_EMAIL('i')}, ${C_PHONE('i')}, 'seeded: no login', 'chef', ${C_LANGUAGE('i')}, true, now() - interval '30 days', now() - interval '30 days'
      from ${chefs} i`,
      ),
    identityRestaurantRows: (identity: pg.Client, restaurants: string) =>
      run(
        identity,
        'identity.restaurant_profiles',
        `
      insert into identity.restaurant_profiles (id, user_id, name, description, address, city, state, latitude, longitude, operating_hours, cuisine_types, created_at, updated_at)
      select ${RP('i')}, ${R('i')}, 'Seed Kitchen ' || i, 'A seeded restaurant.', i || ' Seed Ave', ${CITY('i')}, ${STATE('i')}, ${LAT('i')}, ${LON('i')}, $1::jsonb,
        array[($2::text[])[1 + i % ${CUISINES.length}]], now() - interval '30 days', now() - interval '30 days'
      from ${restaurants} i`,
        [JSON.stringify(DEFAULT_RESTAURANT_HOURS), [...CUISINES]],
      ),
    identityChefRows: (identity: pg.Client, chefs: string) =>
      run(
        identity,
        'identity.chef_profiles',
        `
      insert into identity.chef_profiles (id, user_id, name, bio, city, state, latitude, longitude, travel_radius, skills, availability, hourly_rate_min, rating_sum, total_ratings, created_at, updated_at)
      select ${CP('i')}, ${C('i')}, 'Seed Chef ' || i, 'Seeded chef ' || i || ': line, prep and dish, nights and weekends.', ${CITY('i')}, ${STATE('i')}, ${LAT('i')}, ${LON('i')},
        (array[5, 10, 15, 20, 25, 30])[1 + i % 6], ${CHEF_SKILLS('i')}, $2::jsonb, 15 + i % 30, (i % 10) * 4, i % 10, now() - interval '30 days', now() - interval '30 days'
      from ${chefs} i`,
        [[...SKILLS], JSON.stringify(DEFAULT_CHEF_AVAILABILITY)],
      ),
    // jobs keeps the places identity's profile events carry (ADR 45: whom a posting texts is found from them); a
    // seeded chef's availability stays unknown (every day), so a posting's texts do not depend on the hour of the run.
    jobsRestaurantRows: (jobs: pg.Client, restaurants: string) =>
      run(
        jobs,
        'jobs.restaurant_profiles',
        `
      insert into jobs.restaurant_profiles (profile_id, user_id, name, address, city, state, latitude, longitude, cuisine_types, total_ratings, source_occurred_at)
      select ${RP('i')}, ${R('i')}, 'Seed Kitchen ' || i, i || ' Seed Ave', ${CITY('i')}, ${STATE('i')}, ${LAT('i')}, ${LON('i')}, jsonb_build_array(($1::text[])[1 + i % ${CUISINES.length}]), 0, now() - interval '30 days'
      from ${restaurants} i`,
        [[...CUISINES]],
      ),
    jobsChefRows: (jobs: pg.Client, chefs: string) =>
      run(
        jobs,
        'jobs.chef_profiles',
        `
      insert into jobs.chef_profiles (profile_id, user_id, name, bio, city, state, latitude, longitude, skills, travel_radius, average_rating, total_ratings, source_occurred_at)
      select ${CP('i')}, ${C('i')}, 'Seed Chef ' || i, 'Seeded chef ' || i || ': line, prep and dish, nights and weekends.', ${CITY('i')}, ${STATE('i')}, ${LAT('i')}, ${LON('i')},
        to_jsonb(${CHEF_SKILLS('i')}), (array[5, 10, 15, 20, 25, 30])[1 + i % 6], case when i % 10 = 0 then null else 4.0 end, i % 10, now() - interval '30 days'
      from ${chefs} i`,
        [[...SKILLS]],
      ),
    // notifications knows every person identity announced (their phone verified, as identity's rows have it): the
    // city's chefs a posting alerts and the restaurants an application is texted to get their texts sent, as in
    // production, not retried as unknown recipients and then dropped.
    recipientRows: (notifications: pg.Client, restaurants: string, chefs: string) =>
      run(
        notifications,
        'notifications.recipients',
        `
      insert into notifications.recipients (user_id, user_type, phone, phone_verified, language, profile_id, name, city, address, email, email_verified, updated_at)
      select ${R('i')}, 'restaurant', ${R_PHONE('i')}, true, 'en', ${RP('i')}, 'Seed Kitchen ' || i, ${CITY('i')},
        i || ' Seed Ave', ${R_EMAIL('i')}, false, now() - interval '30 days'
      from ${restaurants} i
      union all
      select ${C('i')}, 'chef', ${C_PHONE('i')}, true, ${C_LANGUAGE('i')}, ${CP('i')},
        'Seed Chef ' || i, ${CITY('i')}, null, ${C_EMAIL('i')}, false, now() - interval '30 days'
      from ${chefs} i
      on conflict (user_id) do nothing`,
      ),
    participantRows: (messaging: pg.Client, restaurants: string, chefs: string) =>
      run(
        messaging,
        'messaging.participants',
        `
      insert into messaging.participants (user_id, user_type, name, name_at, language, language_at)
      select ${R('i')}, 'restaurant', 'Seed Kitchen ' || i, now() - interval '30 days', 'en', now() - interval '30 days' from ${restaurants} i
      union all
      select ${C('i')}, 'chef', 'Seed Chef ' || i, now() - interval '30 days', ${C_LANGUAGE('i')}, now() - interval '30 days' from ${chefs} i
      on conflict (user_id) do nothing`,
      ),
  };
}

export async function seed(input: SeedInput): Promise<SeedResult> {
  const started = Date.now();
  const db = (name: string) => connect(serviceDatabaseUrl(input.databaseUrl, name, {}));
  const [identity, jobs, messaging, payments, notifications] = await Promise.all([
    db('identity'),
    db('jobs'),
    db('messaging'),
    db('payments'),
    db('notifications'),
  ]);
  const { counts, run } = rowCounter();
  const people = peopleRows(run);
  const poolJobs = VOLUME.openShifts + VOLUME.acceptPoolPerRestaurant * input.restaurantIds.length;
  const positions = [...POSITIONS];
  const V = VOLUME;

  const seedIdentity = async () => {
    await people.usersRows(
      identity,
      `generate_series(0, ${V.restaurants - 1})`,
      `generate_series(0, ${V.chefs - 1})`,
    );
    await people.identityRestaurantRows(identity, `generate_series(0, ${V.restaurants - 1})`);
    await people.identityChefRows(identity, `generate_series(0, ${V.chefs - 1})`);
    await identity.query('vacuum analyze');
  };

  const seedJobs = async () => {
    await people.jobsRestaurantRows(jobs, `generate_series(0, ${V.restaurants - 1})`);
    await people.jobsChefRows(jobs, `generate_series(0, ${V.chefs - 1})`);
    await run(
      jobs,
      'jobs.payout_accounts',
      `
      insert into jobs.payout_accounts (user_id, payouts_enabled, charges_enabled, source_occurred_at)
      select ${C('i')}, true, false, now() - interval '30 days' from generate_series(0, ${V.chefs - 1}) i`,
    );
    await run(
      jobs,
      'jobs.jobs',
      `
      insert into jobs.jobs (id, restaurant_id, title, description, start_time, end_time, hourly_rate_cents, subtotal_cents, fee_cents, total_cents,
        headcount, emergency_level, required_skills, notify_favorites, status, payment_status, created_at, updated_at,
        roster_first_minutes, roster_first_until)
      select id, restaurant_id, title, null, start_time, start_time + interval '6 hours', rate, headcount * 6 * rate,
        headcount * round(6 * rate * 7 / 100.0)::int, headcount * (6 * rate + round(6 * rate * 7 / 100.0)::int), headcount, case when i % 10 = 0 then 'urgent' else 'normal' end, jsonb_build_array(title), '[]'::jsonb,
        'open', 'held_in_escrow', now() - make_interval(mins => i), now() - make_interval(mins => i),
        ${ROSTER_FIRST('i')}
      from (${jobsSelect()}) s`,
      [input.restaurantIds, poolJobs, positions],
    );
    // Issue 35 (jobs migration 0018): every job has its seats 1..headcount, open.
    await run(
      jobs,
      'jobs.seats',
      `
      insert into jobs.seats (job_id, seat_no, status, created_at, updated_at)
      select id, seat_no, 'open', now() - make_interval(mins => i), now() - make_interval(mins => i)
      from (${jobsSelect()}) s, generate_series(1, s.headcount) seat_no`,
      [input.restaurantIds, poolJobs, positions],
    );
    await run(
      jobs,
      'jobs.applications',
      `
      insert into jobs.applications (id, job_id, chef_id, chef_profile_id, status, worker_confirmed, created_at, updated_at)
      select ${A('i', 'k')}, ${J('i')}, ${C(`((i * 37 + k * 500) % ${V.chefs})`)}, ${CP(`((i * 37 + k * 500) % ${V.chefs})`)}, 'pending', null,
        now() - make_interval(mins => k), now() - make_interval(mins => k)
      from generate_series(0, $1::int - 1) i, generate_series(0, ${V.applicationsPerShift - 1}) k
      where i < ${V.openShifts} or k < ${V.applicantsPerPoolShift}`,
      [poolJobs],
    );
    await run(
      jobs,
      'jobs.applications',
      `
      insert into jobs.applications (id, job_id, chef_id, chef_profile_id, status, worker_confirmed, created_at, updated_at)
      select overlay(overlay(md5('bench:da:' || c || ':' || n) placing '4' from 13) placing '8' from 17)::uuid, ${J(`((c * 10 + n) % ${V.openShifts})`)}, ($1::uuid[])[c + 1], cp.profile_id, 'pending', null, now(), now()
      from generate_series(0, cardinality($1::uuid[]) - 1) c
      cross join generate_series(0, ${V.drivingChefApplications - 1}) n
      left join jobs.chef_profiles cp on cp.user_id = ($1::uuid[])[c + 1]`,
      [input.chefIds],
    );
    await jobs.query('vacuum analyze');
  };

  const seedMessaging = async () => {
    await run(
      messaging,
      'messaging.jobs',
      `
      insert into messaging.jobs (job_id, restaurant_id, title) select id, restaurant_id, title from (${jobsSelect()}) s
      on conflict (job_id) do nothing`,
      [input.restaurantIds, poolJobs, positions],
    );
    await people.participantRows(
      messaging,
      `generate_series(0, ${V.restaurants - 1})`,
      `generate_series(0, ${V.chefs - 1})`,
    );
    // every application (seeded and the driving chefs'), its thread, and messages on the first threads
    await messaging.query(
      `create temporary table bench_apps as
      select ${A('i', 'k')} as application_id, ${J('i')} as job_id, ${C(`((i * 37 + k * 500) % ${V.chefs})`)} as chef_id,
        case when i < ${V.openShifts} then ${R(`(i % ${V.restaurants})`)} else ($2::uuid[])[1 + (i - ${V.openShifts}) / ${V.acceptPoolPerRestaurant}] end as restaurant_id,
        case when i < ${V.openShifts} and k < ${V.threadsWithMessages / V.openShifts} then ${V.messagesPerThread} else 0 end as messages
      from generate_series(0, $1::int - 1) i, generate_series(0, ${V.applicationsPerShift - 1}) k
      where i < ${V.openShifts} or k < ${V.applicantsPerPoolShift}
      union all
      select overlay(overlay(md5('bench:da:' || c || ':' || n) placing '4' from 13) placing '8' from 17)::uuid, ${J(`((c * 10 + n) % ${V.openShifts})`)}, ($3::uuid[])[c + 1], ${R(`(((c * 10 + n) % ${V.openShifts}) % ${V.restaurants})`)}, ${V.drivingThreadMessages}
      from generate_series(0, cardinality($3::uuid[]) - 1) c, generate_series(0, ${V.drivingChefApplications - 1}) n`,
      [poolJobs, input.restaurantIds, input.chefIds],
    );
    await run(
      messaging,
      'messaging.applications',
      `
      insert into messaging.applications (application_id, job_id, chef_id, restaurant_id, status, status_at, created_at)
      select application_id, job_id, chef_id, restaurant_id, 'pending', now() - interval '1 day', now() - interval '1 day' from bench_apps`,
    );
    await run(
      messaging,
      'messaging.threads',
      `
      insert into messaging.threads (job_id, chef_id, restaurant_id, application_id, application_status, status_at, last_seq, last_message_at, created_at,
        chef_sent, restaurant_sent)
      select job_id, chef_id, restaurant_id, application_id, 'pending', now() - interval '1 day', messages,
        case when messages > 0 then now() - interval '1 hour' + make_interval(mins => messages) end, now() - interval '1 day',
        (messages + 1) / 2, messages / 2 from bench_apps`,
    );
    await run(
      messaging,
      'messaging.messages',
      `
      insert into messaging.messages (id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, created_at)
      select overlay(overlay(md5('bench:m:' || a.application_id || ':' || s) placing '4' from 13) placing '8' from 17)::uuid, a.job_id, a.chef_id, s,
        case when s % 2 = 1 then a.chef_id else a.restaurant_id end, case when s % 2 = 1 then a.restaurant_id else a.chef_id end,
        case when s % 2 = 1 then 'Hi, I can work this shift. Is parking available near the kitchen?' else 'Yes, there is a lot behind the building. See you at the start.' end,
        'en', now() - interval '1 hour' + make_interval(mins => s)
      from bench_apps a, generate_series(1, a.messages) s`,
    );
    await messaging.query('vacuum analyze');
  };

  const seedPayments = async () => {
    await run(
      payments,
      'payments.users',
      `
      insert into payments.users (user_id, email, user_type, created_at)
      select ${R('i')}, ${R_EMAIL('i')}, 'restaurant', now() - interval '30 days' from generate_series(0, ${V.restaurants - 1}) i
      union all
      select ${C('i')}, ${C_EMAIL('i')}, 'chef', now() - interval '30 days' from generate_series(0, ${V.chefs - 1}) i
      on conflict (user_id) do nothing`,
    );
    await run(
      payments,
      'payments.job_payments',
      `
      insert into payments.job_payments (job_id, restaurant_id, title, subtotal_cents, fee_cents, total_cents, headcount, status, payment_intent_id, held_at, created_at, updated_at)
      select id, restaurant_id, title, headcount * 6 * rate, headcount * round(6 * rate * 7 / 100.0)::int,
        headcount * (6 * rate + round(6 * rate * 7 / 100.0)::int), headcount, 'held_in_escrow',
        'pi_bench_' || i, now() - make_interval(mins => i), now() - make_interval(mins => i), now() - make_interval(mins => i)
      from (${jobsSelect()}) s`,
      [input.restaurantIds, poolJobs, positions],
    );
    await run(
      payments,
      'payments.seat_payments',
      `
      insert into payments.seat_payments (job_id, seat_no, status, created_at, updated_at)
      select id, seat_no, 'held_in_escrow', now() - make_interval(mins => i), now() - make_interval(mins => i)
      from (${jobsSelect()}) s, generate_series(1, s.headcount) seat_no`,
      [input.restaurantIds, poolJobs, positions],
    );
    await run(
      payments,
      'payments.ledger_entries',
      `
      insert into payments.ledger_entries (job_id, seat_no, kind, amount_cents, provider_id)
      select job_id, 0, 'charge', total_cents, 'ch_bench_' || substr(payment_intent_id, 10) from payments.job_payments where payment_intent_id like 'pi_bench_%'
      union all
      select job_id, 1, 'fee', fee_cents, null from payments.job_payments where payment_intent_id like 'pi_bench_%'`,
    );
    await run(
      payments,
      'payments.applications',
      `
      insert into payments.applications (application_id, job_id, chef_id, restaurant_id)
      select ${A('i', 'k')}, ${J('i')}, ${C(`((i * 37 + k * 500) % ${V.chefs})`)},
        case when i < ${V.openShifts} then ${R(`(i % ${V.restaurants})`)} else ($2::uuid[])[1 + (i - ${V.openShifts}) / ${V.acceptPoolPerRestaurant}] end
      from generate_series(0, $1::int - 1) i, generate_series(0, ${V.applicationsPerShift - 1}) k
      where i < ${V.openShifts} or k < ${V.applicantsPerPoolShift}`,
      [poolJobs, input.restaurantIds],
    );
    await payments.query('vacuum analyze');
  };

  const seedNotifications = async () => {
    await people.recipientRows(
      notifications,
      `generate_series(0, ${V.restaurants - 1})`,
      `generate_series(0, ${V.chefs - 1})`,
    );
    await notifications.query('vacuum analyze notifications.recipients');
  };

  try {
    await Promise.all([seedIdentity(), seedJobs(), seedMessaging(), seedPayments(), seedNotifications()]);
    const threads = await messaging.query<{ chef_id: string; job_id: string; last_id: string }>(
      `select distinct on (t.chef_id) t.chef_id, t.job_id, m.id as last_id
       from messaging.threads t join messaging.messages m on m.job_id = t.job_id and m.chef_id = t.chef_id and m.seq = t.last_seq
       where t.chef_id = any($1::uuid[]) order by t.chef_id, t.job_id`,
      [input.chefIds],
    );
    return {
      counts,
      ms: Date.now() - started,
      threads: threads.rows.map((r) => ({ chefId: r.chef_id, jobId: r.job_id, lastMessageId: r.last_id })),
    };
  } finally {
    await Promise.all([identity, jobs, messaging, payments, notifications].map((c) => c.end()));
  }
}

/** Ids of the accept pool: pending applications to the driving restaurants' shifts, one per shift. */
export function acceptPool(restaurantCount: number): { jobIndex: number; restaurant: number }[] {
  return Array.from({ length: restaurantCount * VOLUME.acceptPoolPerRestaurant }, (_, n) => ({
    jobIndex: VOLUME.openShifts + n,
    restaurant: Math.floor(n / VOLUME.acceptPoolPerRestaurant),
  }));
}

/**
 * BENCH_SCALE (tests/load/bench/growth.ts): the seeded city grows from `from` to `to` times the volumes above. The
 * same two cities get `to` times the restaurants, chefs, open shifts of seeded restaurants, their applications
 * (10 each), threads (one per application) and messages (5 on half of the threads, up to MESSAGES_MAX_SCALE), as a
 * market's data grows;
 * the driving accounts' own rows (their applications, threads, shifts) stay as they are, so a per-user poll
 * reads the same rows at every scale. Payments' tables are not grown (no poll reads them).
 *
 * Rows i = n * from .. n * to - 1 of each kind; restaurants and chefs continue the seed's numbering, shifts and
 * applications take their own ids (`bench:gj:`, `bench:ga:`) since the seed's numbers after 2,000 are the accept
 * pool. Triggers are off while loading (`session_replication_role = replica`: foreign keys too, the rows are
 * consistent by construction): identity's chef search version would otherwise be raised once per chef profile
 * at the commit, and messaging's thread copies are written here in the insert instead; the version is raised once.
 */
/**
 * Messages grow to 10x at most (600,000): no growth figure reads them (the conversation list reads each thread's
 * copies of its latest message and its counters), and 100x (6 million rows, five indexes) would be most of the
 * seed's time. Threads beyond it have no messages, as new applications do.
 */
export const MESSAGES_MAX_SCALE = 10;

export async function grow(databaseUrl: string, from: number, to: number): Promise<SeedResult> {
  const started = Date.now();
  const db = (name: string) => connect(serviceDatabaseUrl(databaseUrl, name, {}));
  const [identity, jobs, messaging, notifications] = await Promise.all([
    db('identity'),
    db('jobs'),
    db('messaging'),
    db('notifications'),
  ]);
  const { counts, run } = rowCounter();
  const people = peopleRows(run);
  const V = VOLUME;
  const positions = [...POSITIONS];
  const range = (n: number) => `generate_series(${n * from}, ${n * to - 1})`;
  const restaurants = V.restaurants * to;
  const chefs = V.chefs * to;
  const GJ = (i: string) =>
    `overlay(overlay(md5('bench:gj:' || ${i}) placing '4' from 13) placing '8' from 17)::uuid`;
  const GA = (i: string, k: string) =>
    `overlay(overlay(md5('bench:ga:' || ${i} || ':' || ${k}) placing '4' from 13) placing '8' from 17)::uuid`;
  // a grown shift's restaurant (any seeded restaurant of the grown city) and its applicants
  const jobRestaurant = (i: string) => `(${i} % ${restaurants})`;
  const applicant = (i: string, k: string) => `((${i} * 37 + ${k} * 500) % ${chefs})`;
  const grownJobs = `
    select i, ${GJ('i')} as id, ${R(jobRestaurant('i'))} as restaurant_id, ($1::text[])[1 + i % ${POSITIONS.length}] as title,
      date_trunc('hour', now()) + make_interval(hours => 3 + i % 150) as start_time, 1500 + (i * 137 % 61) * 100 as rate
    from ${range(V.openShifts)} i`;
  const grownApps = `
    select ${GA('i', 'k')} as application_id, ${GJ('i')} as job_id, ${C(applicant('i', 'k'))} as chef_id,
      ${CP(applicant('i', 'k'))} as chef_profile_id, ${R(jobRestaurant('i'))} as restaurant_id, 'Seed Chef ' || ${applicant('i', 'k')} as chef_name,
      'Seed Kitchen ' || ${jobRestaurant('i')} as restaurant_name, ($1::text[])[1 + i % ${POSITIONS.length}] as title,
      case when k < ${V.threadsWithMessages / V.openShifts} and i < ${V.openShifts * MESSAGES_MAX_SCALE} then ${V.messagesPerThread} else 0 end as messages, k
    from ${range(V.openShifts)} i, generate_series(0, ${V.applicationsPerShift - 1}) k`;
  const replica = (c: pg.Client) => c.query(`set session_replication_role = replica`);

  const growIdentity = async () => {
    await replica(identity);
    await people.usersRows(identity, range(V.restaurants), range(V.chefs));
    await people.identityRestaurantRows(identity, range(V.restaurants));
    await people.identityChefRows(identity, range(V.chefs));
    await identity.query(`update identity.chef_search_version set version = version + 1 where id = 1`);
    await identity.query('vacuum analyze');
  };

  const growJobs = async () => {
    await replica(jobs);
    await people.jobsRestaurantRows(jobs, range(V.restaurants));
    await people.jobsChefRows(jobs, range(V.chefs));
    await run(
      jobs,
      'jobs.jobs',
      `
      insert into jobs.jobs (id, restaurant_id, title, description, start_time, end_time, hourly_rate_cents, subtotal_cents, fee_cents, total_cents,
        headcount, emergency_level, required_skills, notify_favorites, status, payment_status, created_at, updated_at)
      select id, restaurant_id, title, null, start_time, start_time + interval '6 hours', rate, 6 * rate, round(6 * rate * 7 / 100.0)::int,
        6 * rate + round(6 * rate * 7 / 100.0)::int, 1, case when i % 10 = 0 then 'urgent' else 'normal' end, jsonb_build_array(title), '[]'::jsonb,
        'open', 'held_in_escrow', now() - make_interval(mins => i % 100000), now() - make_interval(mins => i % 100000)
      from (${grownJobs}) s`,
      [positions],
    );
    await run(
      jobs,
      'jobs.seats',
      `
      insert into jobs.seats (job_id, seat_no, status, created_at, updated_at)
      select id, 1, 'open', now() - make_interval(mins => i % 100000), now() - make_interval(mins => i % 100000) from (${grownJobs}) s`,
      [positions],
    );
    await run(
      jobs,
      'jobs.applications',
      `
      insert into jobs.applications (id, job_id, chef_id, chef_profile_id, status, worker_confirmed, created_at, updated_at)
      select application_id, job_id, chef_id, chef_profile_id, 'pending', null, now() - make_interval(mins => k), now() - make_interval(mins => k)
      from (${grownApps}) s`,
      [positions],
    );
    await jobs.query('vacuum analyze');
  };

  const growMessaging = async () => {
    await replica(messaging);
    await run(
      messaging,
      'messaging.jobs',
      `insert into messaging.jobs (job_id, restaurant_id, title) select id, restaurant_id, title from (${grownJobs}) s`,
      [positions],
    );
    await people.participantRows(messaging, range(V.restaurants), range(V.chefs));
    await run(
      messaging,
      'messaging.applications',
      `
      insert into messaging.applications (application_id, job_id, chef_id, restaurant_id, status, status_at, created_at)
      select application_id, job_id, chef_id, restaurant_id, 'pending', now() - interval '1 day', now() - interval '1 day' from (${grownApps}) s`,
      [positions],
    );
    // the thread's copies (title, names, the latest message) as messaging's triggers would write them
    await run(
      messaging,
      'messaging.threads',
      `
      insert into messaging.threads (job_id, chef_id, restaurant_id, application_id, application_status, status_at, last_seq, last_message_at, created_at,
        chef_sent, restaurant_sent, job_title, chef_name, restaurant_name, last_message_seq, last_sender_id, last_recipient_id, last_original, last_created_at)
      select job_id, chef_id, restaurant_id, application_id, 'pending', now() - interval '1 day', messages,
        case when messages > 0 then now() - interval '1 hour' + make_interval(mins => messages) end, now() - interval '1 day',
        (messages + 1) / 2, messages / 2, title, chef_name, restaurant_name,
        case when messages > 0 then messages end,
        case when messages > 0 then case when messages % 2 = 1 then chef_id else restaurant_id end end,
        case when messages > 0 then case when messages % 2 = 1 then restaurant_id else chef_id end end,
        case when messages > 0 then case when messages % 2 = 1 then 'Hi, I can work this shift. Is parking available near the kitchen?' else 'Yes, there is a lot behind the building. See you at the start.' end end,
        case when messages > 0 then now() - interval '1 hour' + make_interval(mins => messages) end
      from (${grownApps}) s`,
      [positions],
    );
    await run(
      messaging,
      'messaging.messages',
      `
      insert into messaging.messages (id, job_id, chef_id, seq, sender_id, recipient_id, original_content, original_language, created_at)
      select overlay(overlay(md5('bench:gm:' || a.application_id || ':' || s) placing '4' from 13) placing '8' from 17)::uuid, a.job_id, a.chef_id, s,
        case when s % 2 = 1 then a.chef_id else a.restaurant_id end, case when s % 2 = 1 then a.restaurant_id else a.chef_id end,
        case when s % 2 = 1 then 'Hi, I can work this shift. Is parking available near the kitchen?' else 'Yes, there is a lot behind the building. See you at the start.' end,
        'en', now() - interval '1 hour' + make_interval(mins => s)
      from (${grownApps}) a, generate_series(1, a.messages) s`,
      [positions],
    );
    await messaging.query('vacuum analyze');
  };

  const growNotifications = async () => {
    await people.recipientRows(notifications, range(V.restaurants), range(V.chefs));
    await notifications.query('vacuum analyze notifications.recipients');
  };

  try {
    await Promise.all([growIdentity(), growJobs(), growMessaging(), growNotifications()]);
    return { counts, ms: Date.now() - started, threads: [] };
  } finally {
    await Promise.all([identity, jobs, messaging, notifications].map((c) => c.end()));
  }
}

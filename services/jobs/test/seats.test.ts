import { randomUUID } from 'node:crypto';
import { migrate, sql } from '@brigade/kit';
import { createTestDatabase, type TestDatabase } from '@brigade/kit/testing';
import { loadMigrations } from '../src/app';
import { loadJobsConfig } from '../src/config';
import { jobView } from '../src/queries/job-views';
import { JOB_COLUMNS, jobJson, seatOneJoin } from '../src/db/seat-views';
import {
  bookChef,
  chefWithProfile,
  openJob,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
} from './harness';

// Issue 35 (ADR 0030), step 1: migration 0018 moves the chef's side of a job (checkout answers, ratings,
// cancellation figures, money outcome) from jobs.jobs to its seat 1, and every job answer reads as before.

describe('migration 0018 (seats)', () => {
  let database: TestDatabase;
  const restaurantId = randomUUID();
  const chefId = randomUUID();
  const completed = randomUUID();
  const cancelled = randomUUID();
  const completedApp = randomUUID();
  const cancelledApp = randomUUID();
  /** Each job's row as the views read it before the migration (`to_jsonb(j)`). */
  const before = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    const all = await loadMigrations();
    database = await createTestDatabase(
      'jobs',
      all.filter((m) => m.name < '0018'),
    );
    const job = (id: string, columns: string, values: string) =>
      database.db.execute(
        sql.raw(`insert into jobs.jobs (id, restaurant_id, title, start_time, end_time, hourly_rate_cents,
          subtotal_cents, fee_cents, total_cents, emergency_level, status, payment_status, ${columns})
          values ('${id}', '${restaurantId}', 'Line cook', '2026-03-01T17:00:00Z', '2026-03-01T23:00:00Z', 2500,
          15000, 1050, 16050, 'normal', ${values})`),
      );
    // A shift both sides checked out of, worked and rated, paid out (payments' closing event recorded).
    await job(
      completed,
      `restaurant_checkout_completed, chef_checkout_completed, restaurant_work_completed, chef_work_completed,
       chef_rating, restaurant_rating, restaurant_feedback, chef_feedback, restaurant_checked_out_at,
       chef_checked_out_at, money_reason, money_chef_pay_cents, money_fee_cents, money_refund_cents, clock_code`,
      `'completed', 'completed', true, true, true, true, 5, 4, 'Great prep', 'Busy night',
       '2026-03-02T00:10:00Z', '2026-03-02T00:20:00Z', 'release', 15000, 1050, 0, '1234'`,
    );
    // A late cancellation that paid the confirmed chef.
    await job(
      cancelled,
      `cancelled_at, cancelled_by, cancelled_late, cancelled_chef_id, cancel_chef_pay_cents, cancel_fee_cents,
       cancel_refund_cents, cancel_reason`,
      `'cancelled', 'held_in_escrow', '2026-03-01T10:00:00Z', 'restaurant', true, '${chefId}', 10000, 700, 5350,
       'Kitchen flooded'`,
    );
    const app = (id: string, jobId: string, status: string) =>
      database.db.execute(sql`
        insert into jobs.applications (id, job_id, chef_id, status, worker_confirmed)
        values (${id}, ${jobId}, ${chefId}, ${status}, true)`);
    await app(completedApp, completed, 'accepted');
    await app(cancelledApp, cancelled, 'cancelled');
    await database.db.execute(sql`
      insert into jobs.reliability_records (user_id, user_type, kind, job_id, occurred_at)
      values (${chefId}, 'chef', 'completed_shifts', ${completed}, now())`);
    for (const r of await database.rows<{ id: string; j: unknown }>(
      sql`select id, to_jsonb(j) as j from jobs.jobs j`,
    ))
      before.set(r.id, json(r.j));

    await migrate(database, all);
  });
  afterAll(() => database?.destroy());

  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

  test("every job's row reads as before, from its seat 1, and its seat names the confirmed chef", async () => {
    const rows = await database.rows<{ id: string; j: unknown }>(
      sql`select j.id, ${jobJson} as j from jobs.jobs j ${seatOneJoin}`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      // Issue 35, step 2: the views also count the seats (seats_booked, seats_open, seats_cancel) and name the
      // seat they overlay (seat_view).
      // Issue 35 (migration 0022): a job of no series names none.
      const {
        headcount,
        seats_booked,
        seats_open,
        seats_cancel,
        seat_view,
        series_id,
        occurrence_date,
        roster_first_minutes,
        roster_first_until,
        roster_window_ended_at,
        instant_book,
        boosted_from_rate_cents,
        chef_rating_public,
        restaurant_rating_public,
        required_credentials,
        ...rest
      } = json(r.j);
      // Issue 39 (migration 0032): ratings given before reviews were shown to both sides: they stay public.
      expect([chef_rating_public, restaurant_rating_public]).toEqual(
        r.id === completed ? [true, true] : [false, false],
      );
      expect([series_id, occurrence_date]).toEqual([null, null]);
      // Issue 37 (migration 0023): no roster window, no instant book, never boosted.
      expect([roster_first_minutes, roster_first_until, roster_window_ended_at]).toEqual([0, null, null]);
      expect([instant_book, boosted_from_rate_cents]).toEqual([false, null]);
      // Issue 39 (migration 0031): no credentials required.
      expect(required_credentials).toEqual([]);
      expect(headcount).toBe(1);
      expect(seats_booked).toBe(r.id === completed ? 1 : 0);
      expect(seats_open).toBe(0);
      expect(seats_cancel).toBeDefined();
      expect(seat_view).toMatchObject({ seat_no: 1 });
      expect(rest).toEqual(before.get(r.id));
    }
    const seats = await database.rows(
      sql`select job_id, seat_no, application_id, chef_id, status from jobs.seats order by status`,
    );
    expect(seats).toEqual([
      { job_id: cancelled, seat_no: 1, application_id: null, chef_id: null, status: 'cancelled' },
      { job_id: completed, seat_no: 1, application_id: completedApp, chef_id: chefId, status: 'completed' },
    ]);
    // The moved columns have one home: the seat.
    const left = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from information_schema.columns
           where table_schema = 'jobs' and table_name = 'jobs' and column_name in ('chef_rating', 'money_reason')`,
    );
    expect(left[0].n).toBe(0);
  });

  test('the API answers the checkout, the ratings, the money and the cancellation as they were', async () => {
    const ctx = { database, policy: loadJobsConfig({}).policy, now: () => new Date('2026-03-03T00:00:00Z') };
    const viewer = { id: restaurantId, type: 'restaurant' as const };
    const done = await jobView(ctx, viewer, completed);
    expect(done).toMatchObject({
      status: 'completed',
      payment_status: 'completed',
      restaurant_checkout_completed: true,
      chef_checkout_completed: true,
      chef_rating: 5,
      restaurant_rating: 4,
      cancellation: null,
      money: { reason: 'release', chef_pay_cents: 15000, fee_cents: 1050, refund_cents: 0 },
    });
    const off = await jobView(ctx, viewer, cancelled);
    expect(off).toMatchObject({
      status: 'cancelled',
      restaurant_checkout_completed: false,
      chef_rating: null,
      cancellation: {
        cancelled_by: 'restaurant',
        late: true,
        chef_pay_cents: 10000,
        fee_cents: 700,
        refund_cents: 5350,
        reason: 'Kitchen flooded',
      },
    });
  });

  test('issue 39 (migration 0032): the ratings given before reviews are published reviews, stars only', async () => {
    const reviews = await database.rows(
      sql`select author_side, author_id, subject_id, rating, text, published_at is not null as published,
            hidden_at from jobs.reviews where job_id = ${completed} order by author_side`,
    );
    // The words were written when they were never shown: they stay with the checkout, private.
    expect(reviews).toEqual([
      {
        author_side: 'chef',
        author_id: chefId,
        subject_id: restaurantId,
        rating: 4,
        text: null,
        published: true,
        hidden_at: null,
      },
      {
        author_side: 'restaurant',
        author_id: restaurantId,
        subject_id: chefId,
        rating: 5,
        text: null,
        published: true,
        hidden_at: null,
      },
    ]);
    const [cancelledReviews] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs.reviews where job_id = ${cancelled}`,
    );
    expect(cancelledReviews.n).toBe(0);
  });

  test('reliability facts and disputes are keyed by seat, seat 1 by default', async () => {
    const facts = await database.rows(sql`select kind, job_id, seat_no from jobs.reliability_records`);
    expect(facts).toEqual([{ kind: 'completed_shifts', job_id: completed, seat_no: 1 }]);
    await database.db.execute(sql`
      insert into jobs.disputes (job_id, chef_id, restaurant_id, opened_at)
      values (${completed}, ${chefId}, ${restaurantId}, now())`);
    const disputes = await database.rows(sql`select job_id, seat_no from jobs.disputes`);
    expect(disputes).toEqual([{ job_id: completed, seat_no: 1 }]);
  });
});

describe('booking a seat', () => {
  const h = useHarness();

  test('a job is read with every column of its table, named (issue 41: its reads are prepared)', async () => {
    const columns = await h.database.rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns
          where table_schema = 'jobs' and table_name = 'jobs' order by ordinal_position`,
    );
    expect([...JOB_COLUMNS]).toEqual(columns.map((c) => c.column_name));
  });

  test('a confirmed chef books seat 1: the seat names the application, the event the seat', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    const [free] = await h.database.rows(
      sql`select seat_no, application_id, status from jobs.seats where job_id = ${job.id}`,
    );
    expect(free).toEqual({ seat_no: 1, application_id: null, status: 'open' });
    const appId = await bookChef(job, r, chef);
    const seats = await h.database.rows(
      sql`select seat_no, application_id, chef_id, status from jobs.seats where job_id = ${job.id}`,
    );
    expect(seats).toEqual([{ seat_no: 1, application_id: appId, chef_id: chef.id, status: 'filled' }]);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('filled');
    const confirmed = await waitForEvent(
      h,
      'jobs.application.confirmed.v1',
      (d) => d.application_id === appId,
    );
    expect(confirmed.seat_no).toBe(1);
  });

  test("a chef's cancellation reopens their seat, and the job with it", async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    const appId = await bookChef(job, r, chef);
    expect((await chef.api.del(`/applications/${appId}`)).status).toBe(200);
    const seats = await h.database.rows(
      sql`select seat_no, application_id, chef_id, status from jobs.seats where job_id = ${job.id}`,
    );
    expect(seats).toEqual([{ seat_no: 1, application_id: null, chef_id: null, status: 'open' }]);
    expect((await r.api.get(`/jobs/${job.id}`)).body.job.status).toBe('open');
    const cancelled = await waitForEvent(
      h,
      'jobs.application.cancelled.v1',
      (d) => d.application_id === appId,
    );
    expect(cancelled).toMatchObject({ was_confirmed: true, seat_no: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  client,
  eventually,
  type Client,
  HOUR,
  openJob,
  operator,
  publish,
  published,
  restaurantWithProfile,
  useHarness,
  user,
  waitForEvent,
  written,
} from './harness';

// Disputes (issue 17): a shift whose checkout answers disagree opens a dispute; both parties add statements
// (translated by messaging); an operator decides it, once. The reminder after DISPUTE_REMINDER_AFTER is
// shortened to 2 hours. Shifts are 4 hours at $20/h: shift pay $80.00, booking fee $5.60, total $85.60.
const h = useHarness({ env: { DISPUTE_REMINDER_AFTER: '2h' } });

/** A worked shift whose two checkout answers disagree (the restaurant says the chef did not work). */
async function disputedShift() {
  const r = await restaurantWithProfile(h, 'Blue Door');
  const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
  const a = await r.api.post(`/applications/${appId}/checkout`, {
    workCompleted: false,
    feedback: 'Never showed up',
  });
  expect(a.status).toBe(200);
  const b = await chef.api.post(`/applications/${appId}/checkout`, {
    rating: 5,
    workCompleted: true,
    feedback: 'Worked the whole shift',
  });
  expect(b.status).toBe(200);
  return { r, chef, job, appId };
}

const ops = () => operator(h);

describe('a disagreement opens a dispute its two parties see', () => {
  test('the job is disputed with its dispute open; strangers see no dispute', async () => {
    const s = await disputedShift();
    const mine = await s.r.api.get(`/jobs/${s.job.id}`);
    expect(mine.body.job).toMatchObject({
      status: 'disputed',
      payment_status: 'disputed',
      dispute: { status: 'open', statements: [], resolution: null },
    });
    expect(typeof mine.body.job.dispute.opened_at).toBe('string');
    const chefs = await s.chef.api.get(`/jobs/${s.job.id}`);
    expect(chefs.body.job.dispute.status).toBe('open');
    const list = await s.r.api.get('/jobs?status=disputed');
    expect(list.body.jobs.find((j: any) => j.id === s.job.id).dispute.status).toBe('open');
    const apps = await s.chef.api.get('/applications');
    expect(apps.body.applications[0].job_postings.dispute.status).toBe('open');

    const stranger = await user(h, 'restaurant');
    expect((await stranger.api.get(`/jobs/${s.job.id}`)).status).toBe(404);
  });

  test('an agreeing checkout opens none', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await openJob(h, r);
    const appId = await bookChef(job, r, chef);
    h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
    await r.api.post(`/applications/${appId}/checkout`, { rating: 4, workCompleted: true });
    await chef.api.post(`/applications/${appId}/checkout`, { rating: 4, workCompleted: true });
    const got = await r.api.get(`/jobs/${job.id}`);
    expect(got.body.job.status).toBe('completed');
    expect(got.body.job.dispute ?? null).toBeNull();
    const o = await ops();
    expect((await o.api.get(`/ops/disputes/${job.id}`)).status).toBe(404);
    const posted = await r.api.post(`/jobs/${job.id}/dispute`, { statement: 'Too late now' });
    expect(posted.status).toBe(409);
    expect(posted.body).toMatchObject({ code: 'JOBS.NOT_IN_DISPUTE', error: 'This shift is not in dispute' });
  });
});

describe('statements', () => {
  test('both sides write (several each), in their own language; the translation lands beside each', async () => {
    const s = await disputedShift();
    const chefEs = {
      ...s.chef,
      api: client(h, await h.token({ id: s.chef.id, type: 'chef', language: 'es' })),
    };
    const first = await s.r.api.post(`/jobs/${s.job.id}/dispute`, { statement: '  He never came in.  ' });
    expect(first.status).toBe(201);
    expect(first.body.statement).toMatchObject({
      author_id: s.r.id,
      author_side: 'restaurant',
      text: 'He never came in.',
      language: 'en',
      translated_text: null,
    });
    expect(first.body.job.dispute.statements).toHaveLength(1);
    const second = await chefEs.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'Trabajé las 4 horas.' });
    expect(second.status).toBe(201);
    expect(second.body.statement).toMatchObject({ author_side: 'chef', language: 'es' });
    expect(
      (await s.r.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'Ask the sous chef.' })).status,
    ).toBe(201);

    const added = await waitForEvent(
      h,
      'jobs.dispute.statement_added.v1',
      (d) => d.statement_id === second.body.statement.id,
    );
    expect(added).toMatchObject({
      job_id: s.job.id,
      chef_id: s.chef.id,
      restaurant_id: s.r.id,
      author_id: s.chef.id,
      author_side: 'chef',
      text: 'Trabajé las 4 horas.',
      language: 'es',
    });

    const translated = {
      statement_id: second.body.statement.id,
      job_id: s.job.id,
      translated_text: 'I worked the 4 hours.',
      translated_language: 'en' as const,
      provider: 'test',
    };
    await publish(h, 'messaging.statement.translated.v1', translated);
    await publish(h, 'messaging.statement.translated.v1', translated); // delivered twice: the same result
    await eventually(async () => {
      const got = await s.r.api.get(`/jobs/${s.job.id}`);
      const st = got.body.job.dispute.statements.find((x: any) => x.id === second.body.statement.id);
      expect(st).toMatchObject({
        text: 'Trabajé las 4 horas.',
        translated_text: 'I worked the 4 hours.',
        translated_language: 'en',
      });
    });
    const got = await s.chef.api.get(`/jobs/${s.job.id}`);
    expect(got.body.job.dispute.statements.map((x: any) => x.author_side)).toEqual([
      'restaurant',
      'chef',
      'restaurant',
    ]);
  });

  test('bad statements and strangers are refused and change nothing', async () => {
    const s = await disputedShift();
    for (const statement of ['', '   ', 'x'.repeat(2001), 42]) {
      const res = await s.r.api.post(`/jobs/${s.job.id}/dispute`, { statement });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await s.r.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'x'.repeat(2000) })).status).toBe(
      201,
    );
    const otherRestaurant = await user(h, 'restaurant');
    expect(
      (await otherRestaurant.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'Me too' })).body.code,
    ).toBe('JOBS.JOB_NOT_FOUND');
    const otherChef = await user(h, 'chef');
    expect((await otherChef.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'Me too' })).status).toBe(404);
    expect((await s.r.api.post(`/jobs/${randomUUID()}/dispute`, { statement: 'Hello' })).status).toBe(404);
    expect((await s.r.api.post(`/jobs/not-a-job/dispute`, { statement: 'Hello' })).status).toBe(404);
    const o = await ops();
    expect((await o.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'I decide' })).status).toBe(403);
    const got = await s.r.api.get(`/jobs/${s.job.id}`);
    expect(got.body.job.dispute.statements).toHaveLength(1);
  });

  test('a chef who applied but was not booked is refused (403)', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const other = await chefWithProfile(h);
    const job = await openJob(h, r);
    expect((await other.api.post(`/jobs/${job.id}/apply`)).status).toBe(201);
    const appId = await bookChef(job, r, chef);
    h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
    await r.api.post(`/applications/${appId}/checkout`, { rating: 3, workCompleted: true });
    await chef.api.post(`/applications/${appId}/checkout`, { workCompleted: false });
    const res = await other.api.post(`/jobs/${job.id}/dispute`, { statement: 'I saw it all' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('JOBS.NOT_DISPUTE_PARTY');
    expect((await other.api.get(`/jobs/${job.id}`)).body.job.dispute ?? null).toBeNull();
  });
});

describe('bounded statements (issue 33)', () => {
  const say = (who: { api: Client }, jobId: string, statement: string) =>
    who.api.post(`/jobs/${jobId}/dispute`, { statement });
  const statementsOf = async (who: { api: Client }, jobId: string) =>
    (await who.api.get(`/jobs/${jobId}`)).body.job.dispute;

  test('at most 3 a minute and 10 in all per side; over either, a coded refusal that changes nothing', async () => {
    const s = await disputedShift();
    expect(await statementsOf(s.r, s.job.id)).toMatchObject({ statements_max: 10, statements_left: 10 });
    for (let i = 1; i <= 3; i++) {
      const res = await say(s.r, s.job.id, `Statement ${i}`);
      expect(res.status).toBe(201);
      expect(res.body.job.dispute.statements_left).toBe(10 - i);
    }
    const fast = await say(s.r, s.job.id, 'One more, at once');
    expect(fast.status).toBe(429);
    expect(fast.body).toMatchObject({
      code: 'JOBS.STATEMENTS_TOO_FAST',
      error: 'You are writing statements too quickly: please wait a minute',
    });
    expect(fast.body.retry_after_seconds).toBeGreaterThan(0);
    expect(fast.body.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(fast.headers.get('retry-after')).toBe(String(fast.body.retry_after_seconds));
    // The other side has its own allowance.
    expect((await say(s.chef, s.job.id, 'My side')).status).toBe(201);
    expect((await statementsOf(s.chef, s.job.id)).statements_left).toBe(9);

    for (let written = 3; written < 10; written += 3) {
      h.clock.advance(61_000);
      for (let i = written + 1; i <= Math.min(written + 3, 10); i++)
        expect((await say(s.r, s.job.id, `Statement ${i}`)).status).toBe(201);
    }
    h.clock.advance(61_000);
    const over = await say(s.r, s.job.id, 'Statement 11');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'JOBS.TOO_MANY_STATEMENTS',
      error: 'Each side can write at most 10 statements in a dispute',
    });
    const dispute = await statementsOf(s.r, s.job.id);
    expect(dispute.statements_left).toBe(0);
    expect(dispute.statements.filter((x: any) => x.author_side === 'restaurant')).toHaveLength(10);
    expect(dispute.statements.map((x: any) => x.text)).not.toContain('One more, at once');
    expect(await written(h, 'jobs.dispute.statement_added.v1', s.job.id)).toBe(11);
  });

  test('ten posts at once from one side: exactly three land', async () => {
    const s = await disputedShift();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => say(s.r, s.job.id, `At once ${i}`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
    expect((await statementsOf(s.r, s.job.id)).statements).toHaveLength(3);
  });

  test('the queue stays small with every statement at its longest; the case file pages them', async () => {
    const s = await disputedShift();
    const long = (side: string, i: number) => `${side} ${String(i).padStart(2, '0')} `.padEnd(2000, 'x');
    for (let i = 1; i <= 10; i++) {
      if (i % 3 === 1 && i > 1) h.clock.advance(61_000);
      expect((await say(s.r, s.job.id, long('restaurant', i))).status).toBe(201);
      h.clock.advance(5); // each statement at a time of its own: their order is the order they were written
      expect((await say(s.chef, s.job.id, long('chef', i))).status).toBe(201);
      h.clock.advance(5);
    }
    const o = await ops();
    const queue = await o.api.get('/ops/disputes');
    const entry = queue.body.disputes.find((d: any) => d.job.id === s.job.id);
    // One latest statement per side (2 x 2,000 characters) and the facts: not 20 statements (40 KB).
    expect(JSON.stringify(entry).length).toBeLessThan(12_000);
    expect(entry.restaurant).toMatchObject({
      statements_count: 10,
      latest_statement: { text: long('restaurant', 10) },
    });
    expect(entry.chef).toMatchObject({ statements_count: 10, latest_statement: { text: long('chef', 10) } });
    expect(entry.job.dispute ?? null).toBeNull();

    // The case file: ten statements a page by default, oldest first, then the rest after the cursor.
    const first = (await o.api.get(`/ops/disputes/${s.job.id}`)).body.dispute;
    expect(first.statements).toHaveLength(10);
    expect(first.statements[0].text).toBe(long('restaurant', 1));
    expect(first.restaurant.statements_count).toBe(10);
    expect(first.job.dispute ?? null).toBeNull();
    const seen = [...first.statements];
    let next: string | null = first.statements_next;
    while (next) {
      const page = await o.api.get(`/ops/disputes/${s.job.id}?after=${next}&limit=4`);
      expect(page.status).toBe(200);
      expect(page.body.dispute.statements.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.dispute.statements);
      next = page.body.dispute.statements_next;
    }
    expect(seen.map((x: any) => x.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => [long('restaurant', i + 1), long('chef', i + 1)]).flat(),
    );
    for (const bad of ['?after=not-a-statement', '?limit=0', '?limit=500'])
      expect((await o.api.get(`/ops/disputes/${s.job.id}${bad}`)).status).toBe(400);
  });
});

describe('the operator console', () => {
  test('the queue: open disputes oldest first with both sides facts, statement counts and thread size', async () => {
    const older = await disputedShift();
    h.clock.reset();
    const newer = await disputedShift();
    await older.r.api.post(`/jobs/${older.job.id}/dispute`, { statement: 'No-show.' });
    const sent = {
      message_id: randomUUID(),
      job_id: older.job.id,
      job_title: 'Line Cook',
      chef_id: older.chef.id,
      restaurant_id: older.r.id,
      sender_id: older.chef.id,
      recipient_id: older.r.id,
      sent_at: new Date().toISOString(),
    };
    const eventId = randomUUID();
    const envelope = {
      id: eventId,
      type: 'messaging.message.sent.v1' as const,
      occurred_at: new Date().toISOString(),
      producer: 'messaging',
      data: sent,
    };
    await h.bus.bus.publish(envelope);
    await h.bus.bus.publish(envelope); // the same event again: counted once
    await publish(h, 'messaging.message.sent.v1', { ...sent, message_id: randomUUID() });

    const o = await ops();
    await eventually(async () => {
      const one = await o.api.get(`/ops/disputes/${older.job.id}`);
      expect(one.body.dispute.thread_size).toBe(2);
    });
    const queue = await o.api.get('/ops/disputes');
    expect(queue.status).toBe(200);
    const ids = queue.body.disputes.map((d: any) => d.job.id);
    expect(ids.indexOf(older.job.id)).toBeLessThan(ids.indexOf(newer.job.id));
    const d = queue.body.disputes.find((x: any) => x.job.id === older.job.id);
    expect(d).toMatchObject({
      overdue: false,
      chef: { user_id: older.chef.id, name: 'Ana Ruiz', reliability: { no_shows: 0, completed_shifts: 0 } },
      restaurant: { user_id: older.r.id, name: 'Blue Door', reliability: { disputes_lost: 0 } },
      checkouts: {
        chef: { work_completed: true, rating: 5, feedback: 'Worked the whole shift' },
        restaurant: { work_completed: false, rating: null, feedback: 'Never showed up' },
      },
      thread_size: 2,
      resolution: null,
    });
    // Each side's count and latest statement, never every statement (issue 33).
    expect(d.restaurant).toMatchObject({
      statements_count: 1,
      latest_statement: { author_side: 'restaurant', text: 'No-show.' },
    });
    expect(d.chef).toMatchObject({ statements_count: 0, latest_statement: null });
    expect(d.statements).toBeUndefined();
    expect(typeof d.checkouts.chef.answered_at).toBe('string');
    expect(d.job.status).toBe('disputed');
  });

  test('only operators: chefs and restaurants get 403, no token 401', async () => {
    const s = await disputedShift();
    for (const who of [s.r, s.chef]) {
      expect((await who.api.get('/ops/disputes')).status).toBe(403);
      expect((await who.api.get(`/ops/disputes/${s.job.id}`)).status).toBe(403);
      const res = await who.api.post(`/ops/disputes/${s.job.id}/resolve`, {
        chef_pay_cents: 0,
        note: 'Mine',
      });
      expect(res.status).toBe(403);
    }
    expect((await fetch(`${h.url}/ops/disputes`)).status).toBe(401);
    expect((await s.r.api.get(`/jobs/${s.job.id}`)).body.job.status).toBe('disputed');
  });

  test.each([
    ['a split', 5000, 350, 3210, []],
    ['nothing to the chef (against the chef: a no-show)', 0, 0, 8560, ['chef:no_shows']],
    [
      'the whole shift pay (against the restaurant: a dispute lost)',
      8000,
      560,
      0,
      ['restaurant:disputes_lost'],
    ],
  ] as Array<[string, number, number, number, string[]]>)(
    'deciding %s: figures, completed job, event, audit, records',
    async (_label, pay, fee, refund, records) => {
      const s = await disputedShift();
      const o = await ops();
      const res = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
        chef_pay_cents: pay,
        note: 'Decided on the statements.',
      });
      expect(res.status).toBe(200);
      expect(res.body.dispute.resolution).toMatchObject({
        chef_pay_cents: pay,
        fee_cents: fee,
        refund_cents: refund,
        note: 'Decided on the statements.',
        operator_id: o.id,
      });
      expect(pay + fee + refund).toBe(s.job.total_cents);
      expect(res.body.dispute.job.status).toBe('completed');

      const event = await waitForEvent(h, 'jobs.dispute.resolved.v1', (d) => d.job_id === s.job.id);
      expect(event).toMatchObject({
        application_id: s.appId,
        chef_id: s.chef.id,
        restaurant_id: s.r.id,
        chef_pay_cents: pay,
        fee_cents: fee,
        refund_cents: refund,
        subtotal_cents: 8000,
        total_cents: 8560,
        note: 'Decided on the statements.',
        operator_id: o.id,
      });
      const audit = await h.database.rows<any>(sql`select * from jobs.audit_log where job_id = ${s.job.id}`);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        operator_id: o.id,
        action: 'dispute.resolve',
        subject_type: 'job',
        subject_id: s.job.id,
        reason: 'Decided on the statements.',
      });
      const detail = typeof audit[0].detail === 'string' ? JSON.parse(audit[0].detail) : audit[0].detail;
      expect(detail).toMatchObject({ chef_pay_cents: pay, fee_cents: fee, refund_cents: refund });

      // Both sides see the decision and its note on the job.
      for (const who of [s.r, s.chef]) {
        const got = await who.api.get(`/jobs/${s.job.id}`);
        expect(got.body.job.status).toBe('completed');
        expect(got.body.job.dispute).toMatchObject({
          status: 'resolved',
          resolution: {
            chef_pay_cents: pay,
            fee_cents: fee,
            refund_cents: refund,
            note: 'Decided on the statements.',
          },
        });
      }
      await eventually(() => {
        const facts = published(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === s.job.id)
          .map((d) => `${d.user_id === s.chef.id ? 'chef' : 'restaurant'}:${d.kind}`)
          .sort();
        expect(facts).toEqual(records);
      });

      // Decided: a second decision is 409, a statement is 409, the queue no longer lists it.
      const again = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
        chef_pay_cents: 0,
        note: 'Again',
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('JOBS.DISPUTE_RESOLVED');
      expect((await s.chef.api.post(`/jobs/${s.job.id}/dispute`, { statement: 'Wait' })).status).toBe(409);
      const queue = await o.api.get('/ops/disputes');
      expect(queue.body.disputes.map((d: any) => d.job.id)).not.toContain(s.job.id);
      expect((await o.api.get(`/ops/disputes/${s.job.id}`)).body.dispute.resolution.chef_pay_cents).toBe(pay);
      expect(await written(h, 'jobs.dispute.resolved.v1', s.job.id)).toBe(1);
    },
  );

  test('bad decisions are 400 with the range in dollars and change nothing', async () => {
    const s = await disputedShift();
    const o = await ops();
    const over = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, {
      chef_pay_cents: 8001,
      note: 'Too much',
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('JOBS.CHEF_PAY_OUT_OF_RANGE');
    expect(over.body.error).toContain('$0.00 to $80.00');
    for (const body of [
      { chef_pay_cents: -1, note: 'Negative' },
      { chef_pay_cents: 12.5, note: 'Fraction' },
      { chef_pay_cents: '100', note: 'Text' },
      { chef_pay_cents: 100, note: '' },
      { chef_pay_cents: 100, note: 'x'.repeat(2001) },
      { chef_pay_cents: 100 },
    ]) {
      const res = await o.api.post(`/ops/disputes/${s.job.id}/resolve`, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect(
      (await o.api.post(`/ops/disputes/${randomUUID()}/resolve`, { chef_pay_cents: 0, note: 'x' })).status,
    ).toBe(404);
    const d = await o.api.get(`/ops/disputes/${s.job.id}`);
    expect(d.body.dispute.resolution).toBeNull();
    expect(d.body.dispute.job.status).toBe('disputed');
    expect(await written(h, 'jobs.dispute.resolved.v1', s.job.id)).toBe(0);
    const audit = await h.database.rows(sql`select 1 from jobs.audit_log where job_id = ${s.job.id}`);
    expect(audit).toHaveLength(0);
  });

  test('two operators deciding at once: exactly one wins, the other gets 409', async () => {
    const s = await disputedShift();
    const [a, b] = [await ops(), await ops()];
    const results = await Promise.all([
      a.api.post(`/ops/disputes/${s.job.id}/resolve`, { chef_pay_cents: 8000, note: 'Pay the chef' }),
      b.api.post(`/ops/disputes/${s.job.id}/resolve`, { chef_pay_cents: 0, note: 'Refund the restaurant' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await written(h, 'jobs.dispute.resolved.v1', s.job.id)).toBe(1);
    const audit = await h.database.rows(sql`select 1 from jobs.audit_log where job_id = ${s.job.id}`);
    expect(audit).toHaveLength(1);
    const winner = results.find((r) => r.status === 200)!;
    const facts = await h.database.rows<{ kind: string }>(
      sql`select kind from jobs.reliability_records where job_id = ${s.job.id}`,
    );
    expect(facts.map((f) => f.kind)).toEqual([
      winner.body.dispute.resolution.chef_pay_cents === 0 ? 'no_shows' : 'disputes_lost',
    ]);
  });
});

describe('a dispute left undecided', () => {
  test('is reminded to operators once after DISPUTE_REMINDER_AFTER; no money moves without a decision', async () => {
    const s = await disputedShift();
    const o = await ops();
    expect((await o.api.get(`/ops/disputes/${s.job.id}`)).body.dispute.overdue).toBe(false);
    h.clock.advance(3 * HOUR);
    const reminded = await eventually(async () => {
      const rows = await h.database.rows<{ reminded_at: Date | string | null }>(
        sql`select reminded_at from jobs.disputes where job_id = ${s.job.id}`,
      );
      expect(rows[0].reminded_at).not.toBeNull();
      return new Date(rows[0].reminded_at!).toISOString();
    });
    expect((await o.api.get(`/ops/disputes/${s.job.id}`)).body.dispute.overdue).toBe(true);
    h.clock.advance(3 * HOUR);
    await s.r.api.get(`/jobs/${s.job.id}`);
    await h.service.rules.pass();
    const rows = await h.database.rows<{ reminded_at: Date | string }>(
      sql`select reminded_at from jobs.disputes where job_id = ${s.job.id}`,
    );
    expect(new Date(rows[0].reminded_at).toISOString()).toBe(reminded);
    const job = (await s.r.api.get(`/jobs/${s.job.id}`)).body.job;
    expect(job).toMatchObject({ status: 'disputed', payment_status: 'disputed' }); // still held
    expect(await written(h, 'jobs.dispute.resolved.v1', s.job.id)).toBe(0);
  });
});

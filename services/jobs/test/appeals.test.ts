import { sql } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  eventually,
  HOUR,
  laterShift,
  openJob,
  operator,
  publish,
  restaurantWithProfile,
  useHarness,
  waitForEvent,
  type User,
} from './harness';

// Issue 39: appeals of a mark on a record. A no-show (the restaurant's "did not work" left standing at the
// checkout deadline) and a late cancellation are listed with their reasons at GET /reliability/me; the chef
// appeals within APPEAL_WINDOW (14 days here, the default); an operator keeps or removes the mark with a note,
// audited. A removed mark counts nowhere in jobs (the record, the applicant cards, Book now) and is announced
// (jobs.mark.removed.v1) for identity and payments. LATE_CANCEL_WINDOW 6h and CHECKOUT_DEADLINE 2h, so each
// mark takes a few moves of the injected clock.
const h = useHarness({ env: { LATE_CANCEL_WINDOW: '6h', CHECKOUT_DEADLINE: '2h' } });

const DAY = 24 * HOUR;

/** A no-show on the chef's record: the restaurant said "did not work" and the chef never answered. */
async function noShow(chef: User) {
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  const appId = await bookChef(job, r, chef);
  h.clock.advance(28.5 * HOUR); // past the end: checkout opens there
  await r.api.post(`/applications/${appId}/checkout`, { workCompleted: false });
  h.clock.advance(6 * HOUR); // past the checkout deadline: the restaurant's answer stands
  await waitForEvent(h, 'jobs.reliability.recorded.v1', (d) => d.job_id === job.id && d.kind === 'no_shows');
  h.clock.reset();
  return { r, job, appId };
}

const marksOf = async (who: User) => {
  const reply = await who.api.get('/reliability/me');
  expect(reply.status).toBe(200);
  return reply.body;
};

const appealCount = async () =>
  (await h.database.rows<{ n: number }>(sql`select count(*)::int as n from jobs.appeals`))[0].n;

test('a no-show is listed with its reason; appealed and removed, it counts nowhere in jobs and is announced', async () => {
  const chef = await chefWithProfile(h, { name: 'Appealing Ana' });
  const { r, job } = await noShow(chef);

  const before = await marksOf(chef);
  expect(before.removed_on_appeal).toBe(0);
  expect(before.appeal_window_ms).toBe(14 * DAY);
  expect(before.marks).toHaveLength(1);
  const [mark] = before.marks;
  expect(mark).toMatchObject({
    kind: 'no_show',
    job_id: job.id,
    status: 'counts',
    reason: 'checkout_not_worked',
    job: { title: 'Line Cook' },
    appeal_refusal: null,
    appeal: null,
  });
  expect(Date.parse(mark.appeal_until) - Date.parse(mark.at)).toBe(14 * DAY);
  // The completed-shift fact of the restaurant is not a mark; the restaurant's own list is empty.
  expect((await marksOf(r)).marks).toEqual([]);

  const filed = await chef.api.post('/reliability/appeals', {
    mark_id: mark.id,
    statement: '  I was there at 7, the manager sent me to the wrong door.  ',
  });
  expect(filed.status).toBe(201);
  expect(filed.body.mark.appeal).toMatchObject({
    status: 'pending',
    statement: 'I was there at 7, the manager sent me to the wrong door.',
    decided_at: null,
    note: null,
  });
  expect(filed.body.mark.appeal_refusal).toBe('JOBS.ALREADY_APPEALED');
  // The statement goes to messaging to be translated for the operator.
  const written = await waitForEvent(
    h,
    'jobs.text.written.v1',
    (d) => d.kind === 'appeal_statement' && d.job_id === job.id,
  );
  expect(written).toMatchObject({ owner: 'jobs', id: filed.body.mark.appeal.id, language: 'en' });

  // The operator's queue: the appellant, the mark, the shift's events that led to it, the statement in English.
  const ops = await operator(h);
  const queue = (await ops.api.get('/ops/appeals')).body.appeals;
  const queued = queue.find((a: any) => a.mark.id === mark.id);
  expect(queued).toMatchObject({
    status: 'pending',
    user: { id: chef.id, type: 'chef', name: 'Appealing Ana' },
    mark: { kind: 'no_show', reason: 'checkout_not_worked', status: 'counts', seat_no: 1 },
    statement_en: 'I was there at 7, the manager sent me to the wrong door.',
    decision: null,
  });
  const types = queued.timeline.map((e: any) => e.type);
  expect(types[0]).toBe('jobs.job.posted.v1');
  expect(types).toEqual(
    expect.arrayContaining([
      'jobs.application.confirmed.v1',
      'jobs.checkout.recorded.v1',
      'jobs.checkout.deadline_passed.v1',
    ]),
  );
  expect(types.at(-1)).toBe('jobs.reliability.recorded.v1');
  expect(queued.timeline.at(-1).summary).toBe("On the chef's record: no shows");

  // The applicant card shows the no-show before the decision...
  const r2 = await restaurantWithProfile(h);
  const next = await openJob(h, r2);
  const applied = await chef.api.post(`/jobs/${next.id}/apply`);
  expect(applied.status).toBe(201);
  const cardOf = async () =>
    (await r2.api.get(`/jobs/${next.id}`)).body.job.applications[0].chef_profiles.reliability;
  expect(await cardOf()).toMatchObject({ no_shows: 1, last_90_days: { no_shows: 1 }, removed_on_appeal: 0 });
  expect((await chef.api.get(`/jobs/${next.id}`)).body.job.book_now_missing).toContain('no_show');

  const decided = await ops.api.post(`/ops/appeals/${queued.id}/decide`, {
    outcome: 'remove',
    note: 'The door was mislabelled that day.',
  });
  expect(decided.status).toBe(200);
  expect(decided.body.appeal).toMatchObject({
    status: 'removed',
    mark: { status: 'removed' },
    decision: { outcome: 'remove', note: 'The door was mislabelled that day.', operator_id: ops.id },
  });

  // ...and none after it: the record, the card, Book now; the side's list says "removed".
  const after = await marksOf(chef);
  expect(after.removed_on_appeal).toBe(1);
  expect(after.marks[0]).toMatchObject({
    id: mark.id,
    status: 'removed',
    appeal_refusal: 'JOBS.MARK_REMOVED',
    appeal: { status: 'removed', note: { text: 'The door was mislabelled that day.', language: 'en' } },
  });
  expect(await cardOf()).toMatchObject({ no_shows: 0, last_90_days: { no_shows: 0 }, removed_on_appeal: 1 });
  expect((await chef.api.get(`/jobs/${next.id}`)).body.job.book_now_missing).not.toContain('no_show');

  const removed = await waitForEvent(h, 'jobs.mark.removed.v1', (d) => d.mark_id === mark.id);
  expect(removed).toMatchObject({
    user_id: chef.id,
    user_type: 'chef',
    kind: 'no_shows',
    job_id: job.id,
    seat_no: 1,
    appeal_id: queued.id,
  });
  const told = await waitForEvent(h, 'jobs.appeal.decided.v1', (d) => d.appeal_id === queued.id);
  expect(told).toMatchObject({ outcome: 'remove', mark_kind: 'no_show', user_id: chef.id });

  // Audited, and on the job's timeline.
  const audit = (await ops.api.get(`/ops/audit?job_id=${job.id}`)).body.entries;
  expect(audit).toContainEqual(
    expect.objectContaining({
      action: 'appeal.decide',
      subject_type: 'user',
      subject_id: chef.id,
      reason: 'The door was mislabelled that day.',
      detail: expect.objectContaining({ outcome: 'remove', mark_id: mark.id }),
    }),
  );
  // Decided once: a second decision changes nothing.
  const again = await ops.api.post(`/ops/appeals/${queued.id}/decide`, {
    outcome: 'keep',
    note: 'Second look',
  });
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('JOBS.APPEAL_DECIDED');
  expect((await marksOf(chef)).marks[0].status).toBe('removed');
});

test('an appeal that is kept leaves the mark counting; the chef reads the note, translated', async () => {
  const chef = await chefWithProfile(h, { language: 'es' });
  await noShow(chef);
  const [mark] = (await marksOf(chef)).marks;
  const filed = await chef.api.post('/reliability/appeals', {
    mark_id: mark.id,
    statement: 'Estuve enfermo y avisé por mensaje.',
  });
  expect(filed.status).toBe(201);
  const appealId = filed.body.mark.appeal.id;
  const ops = await operator(h);
  // Until messaging translates it, the operator has no English of a statement written in Spanish.
  const pending = (await ops.api.get('/ops/appeals')).body.appeals.find((a: any) => a.id === appealId);
  expect(pending.statement).toMatchObject({ text: 'Estuve enfermo y avisé por mensaje.', language: 'es' });
  const asked = await waitForEvent(h, 'jobs.text.written.v1', (d) => d.id === appealId);
  await publish(h, 'messaging.text.translated.v1', {
    owner: 'jobs',
    kind: 'appeal_statement',
    id: appealId,
    written_at: asked.written_at,
    job_id: mark.job_id,
    original_language: 'es',
    translated_text: 'I was sick and sent a message.',
    translated_language: 'en',
    provider: 'test',
  });
  await eventually(async () => {
    const queued = (await ops.api.get('/ops/appeals')).body.appeals.find((a: any) => a.id === appealId);
    expect(queued.statement_en).toBe('I was sick and sent a message.');
  });

  const kept = await ops.api.post(`/ops/appeals/${appealId}/decide`, {
    outcome: 'keep',
    note: 'No message reached the restaurant.',
  });
  expect(kept.status).toBe(200);
  expect(kept.body.appeal).toMatchObject({ status: 'kept', mark: { status: 'counts' } });
  const note = await waitForEvent(
    h,
    'jobs.text.written.v1',
    (d) => d.id === appealId && d.kind === 'appeal_note',
  );
  await publish(h, 'messaging.text.translated.v1', {
    owner: 'jobs',
    kind: 'appeal_note',
    id: appealId,
    written_at: note.written_at,
    job_id: mark.job_id,
    original_language: 'en',
    translated_text: 'Ningún mensaje llegó al restaurante.',
    translated_language: 'es',
    provider: 'test',
  });
  await eventually(async () => {
    const after = await marksOf(chef);
    expect(after.removed_on_appeal).toBe(0);
    expect(after.marks[0]).toMatchObject({
      status: 'counts',
      appeal: {
        status: 'kept',
        note: {
          text: 'No message reached the restaurant.',
          translated_text: 'Ningún mensaje llegó al restaurante.',
        },
      },
    });
  });
  expect(await waitForEvent(h, 'jobs.appeal.decided.v1', (d) => d.appeal_id === appealId)).toMatchObject({
    outcome: 'keep',
  });
  expect(
    (
      await h.database.rows(sql`select 1 from jobs.outbox where type = 'jobs.mark.removed.v1'
    and payload->>'appeal_id' = ${appealId}`)
    ).length,
  ).toBe(0);
});

test('refused with nothing stored: after the window, someone else’s mark, not a mark, twice, bad statements', async () => {
  const chef = await chefWithProfile(h);
  const other = await chefWithProfile(h);
  const { r, job } = await noShow(chef);
  const [mark] = (await marksOf(chef)).marks;
  const before = await appealCount();
  const statement = 'I was there.';

  // Someone else's mark is 404, as an unknown one is: an id says nothing about whose it is.
  for (const who of [other, r]) {
    const reply = await who.api.post('/reliability/appeals', { mark_id: mark.id, statement });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('JOBS.MARK_NOT_FOUND');
  }
  // A completed shift is a fact of the record, not a mark.
  const worked = await openJob(h, r, laterShift(48));
  const workedApp = await bookChef(worked, r, chef);
  h.clock.advance(76.5 * HOUR); // past its end
  await r.api.post(`/applications/${workedApp}/checkout`, { rating: 5, workCompleted: true });
  await chef.api.post(`/applications/${workedApp}/checkout`, { rating: 5, workCompleted: true });
  await waitForEvent(
    h,
    'jobs.reliability.recorded.v1',
    (d) => d.job_id === worked.id && d.user_id === chef.id,
  );
  h.clock.reset();
  const [completed] = await h.database.rows<{ id: string }>(
    sql`select id from jobs.reliability_records where user_id = ${chef.id} and job_id = ${worked.id}`,
  );
  const notAMark = await chef.api.post('/reliability/appeals', { mark_id: completed.id, statement });
  expect(notAMark).toMatchObject({ status: 404, body: { code: 'JOBS.MARK_NOT_FOUND' } });
  expect((await marksOf(chef)).marks).toHaveLength(1);
  // Empty and too long statements, a malformed id.
  for (const body of [
    { mark_id: mark.id, statement: '   ' },
    { mark_id: mark.id, statement: 'x'.repeat(2001) },
    { mark_id: mark.id },
    { mark_id: 'not-a-uuid', statement },
  ]) {
    const reply = await chef.api.post('/reliability/appeals', body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION.FAILED');
  }
  // After the window (14 days after the mark, which was recorded 34.5 hours ahead of now).
  h.clock.advance(34.5 * HOUR + 14 * DAY + HOUR);
  expect((await marksOf(chef)).marks[0].appeal_refusal).toBe('JOBS.APPEAL_WINDOW_CLOSED');
  const late = await chef.api.post('/reliability/appeals', { mark_id: mark.id, statement });
  expect(late.status).toBe(409);
  expect(late.body).toMatchObject({ code: 'JOBS.APPEAL_WINDOW_CLOSED', appeal_until: expect.any(String) });
  expect(await appealCount()).toBe(before);
  expect(
    (
      await h.database.rows(
        sql`select 1 from jobs.outbox where type = 'jobs.text.written.v1' and payload->>'kind' = 'appeal_statement'
          and payload->>'job_id' = ${job.id}`,
      )
    ).length,
  ).toBe(0);
  h.clock.reset();

  // Inside it: once.
  expect((await chef.api.post('/reliability/appeals', { mark_id: mark.id, statement })).status).toBe(201);
  const twice = await chef.api.post('/reliability/appeals', { mark_id: mark.id, statement });
  expect(twice.status).toBe(409);
  expect(twice.body.code).toBe('JOBS.ALREADY_APPEALED');
  expect(await appealCount()).toBe(before + 1);
});

test('a restaurant’s late cancellation is its mark; only operators read the queue and decide', async () => {
  const chef = await chefWithProfile(h);
  const r = await restaurantWithProfile(h);
  const job = await openJob(h, r);
  await bookChef(job, r, chef);
  h.clock.advance(20 * HOUR); // inside the 6-hour window
  expect((await r.api.post(`/jobs/${job.id}/cancel`, {})).body.late).toBe(true);
  h.clock.reset();
  const [mark] = (await marksOf(r)).marks;
  expect(mark).toMatchObject({ kind: 'late_cancellation', reason: 'cancelled_late', job_id: job.id });

  expect((await chef.api.get('/ops/appeals')).status).toBe(403);
  const ops = await operator(h);
  expect((await ops.api.get('/reliability/me')).status).toBe(403);
  const filed = await r.api.post('/reliability/appeals', {
    mark_id: mark.id,
    statement: 'A fire inspection.',
  });
  expect(filed.status).toBe(201);
  const appealId = filed.body.mark.appeal.id;
  const byChef = await chef.api.post(`/ops/appeals/${appealId}/decide`, { outcome: 'remove', note: 'x' });
  expect(byChef.status).toBe(403);
  expect(
    (await ops.api.post(`/ops/appeals/${appealId}/decide`, { outcome: 'maybe', note: 'x' })).status,
  ).toBe(400);
  expect(
    (await ops.api.post(`/ops/appeals/${appealId}/decide`, { outcome: 'remove', note: ' ' })).status,
  ).toBe(400);
  const unknown = await ops.api.post('/ops/appeals/00000000-0000-4000-8000-000000000000/decide', {
    outcome: 'remove',
    note: 'x',
  });
  expect(unknown).toMatchObject({ status: 404, body: { code: 'JOBS.APPEAL_NOT_FOUND' } });
  expect((await marksOf(r)).marks[0].appeal.status).toBe('pending');

  const decided = await ops.api.post(`/ops/appeals/${appealId}/decide`, {
    outcome: 'remove',
    note: 'The city closed the kitchen.',
  });
  expect(decided.status).toBe(200);
  const record = (await marksOf(r)).removed_on_appeal;
  expect(record).toBe(1);
  const removed = await waitForEvent(h, 'jobs.mark.removed.v1', (d) => d.mark_id === mark.id);
  expect(removed).toMatchObject({ user_type: 'restaurant', kind: 'late_cancellations' });
});

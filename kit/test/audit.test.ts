import { randomUUID } from 'node:crypto';
import { listAudit, recordAudit, sql } from '../src';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// The operators' audit log (issue 17): what an operator did, kept with the action, never changed afterwards.
// Runs on PGlite, or PostgreSQL when DATABASE_URL is set (CI).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('kitaudit', []);
});
afterAll(async () => {
  await database.destroy();
});

const operatorId = randomUUID();
const jobId = randomUUID();

test('an action is kept with who, what, when and why, newest first, and can be read per job', async () => {
  await database.transaction((tx) =>
    recordAudit(database, tx, {
      operatorId,
      operatorEmail: 'ops@brigade.test',
      action: 'dispute.resolve',
      subjectType: 'job',
      subjectId: jobId,
      jobId,
      reason: 'The chef worked half the shift',
      detail: { chef_pay_cents: 6000 },
    }),
  );
  await database.transaction((tx) =>
    recordAudit(database, tx, {
      operatorId,
      operatorEmail: 'ops@brigade.test',
      action: 'user.suspend',
      subjectType: 'user',
      subjectId: randomUUID(),
      reason: 'Repeated no-shows',
    }),
  );
  const all = await listAudit(database, 'jobs');
  expect(all.map((e) => e.action)).toEqual(['user.suspend', 'dispute.resolve']);
  const forJob = await listAudit(database, 'jobs', { jobId });
  expect(forJob).toEqual([
    expect.objectContaining({
      service: 'jobs',
      operator_id: operatorId,
      operator_email: 'ops@brigade.test',
      action: 'dispute.resolve',
      subject_type: 'job',
      subject_id: jobId,
      job_id: jobId,
      reason: 'The chef worked half the shift',
      detail: { chef_pay_cents: 6000 },
    }),
  ]);
  expect(Date.parse(forJob[0].at)).toBeGreaterThan(Date.now() - 60_000);
});

test('an action rolled back leaves no entry; entries cannot be changed or deleted', async () => {
  await expect(
    database.transaction(async (tx) => {
      await recordAudit(database, tx, {
        operatorId,
        operatorEmail: 'ops@brigade.test',
        action: 'user.reinstate',
        subjectType: 'user',
        subjectId: 'x',
      });
      throw new Error('the action failed');
    }),
  ).rejects.toThrow('the action failed');
  expect((await listAudit(database, 'jobs', { subjectId: 'x' })).length).toBe(0);
  const refusal = (query: Promise<unknown>) =>
    query.then(
      () => 'changed',
      (err: any) => String(err?.cause?.message ?? err?.message),
    );
  expect(await refusal(database.db.execute(sql`update kitaudit.audit_log set reason = 'edited'`))).toMatch(
    /append-only/,
  );
  expect(await refusal(database.db.execute(sql`delete from kitaudit.audit_log`))).toMatch(/append-only/);
  expect((await listAudit(database, 'jobs')).length).toBe(2);
});

test('the audit log cannot be emptied with TRUNCATE either (issue 33)', async () => {
  const refused = await database.db.execute(sql`truncate kitaudit.audit_log`).then(
    () => 'emptied',
    (err: any) => String(err?.cause?.message ?? err?.message),
  );
  expect(refused).toMatch(/append-only/);
  expect((await listAudit(database, 'jobs')).length).toBe(2);
});

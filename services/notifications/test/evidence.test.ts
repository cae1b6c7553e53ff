import { randomUUID } from 'node:crypto';
import { useNotifications } from './harness';

// Issue 38: notifications answers its part of a job's evidence for a card dispute, empty (the texts it sent
// are not evidence), so the gateway's merge counts it as answered, never as unavailable.
const h = useNotifications();

test("notifications' part of a job's evidence is empty; checked as the timeline is; operators only", async () => {
  const get = async (path: string, type?: 'operator' | 'restaurant') => {
    const headers: Record<string, string> = type
      ? { authorization: `Bearer ${await h.auth.token({ type })}` }
      : {};
    const res = await fetch(`${h.svc.url}${path}`, { headers });
    return { status: res.status, body: await res.json() };
  };
  const jobId = randomUUID();
  expect(await get(`/ops/jobs/${jobId}/evidence`, 'operator')).toEqual({
    status: 200,
    body: { job_id: jobId, entries: [] },
  });
  expect(await get('/ops/jobs/nope/evidence', 'operator')).toMatchObject({
    status: 404,
    body: { code: 'OPS.JOB_NOT_FOUND' },
  });
  expect(await get(`/ops/jobs/${jobId}/evidence`, 'restaurant')).toMatchObject({ status: 403 });
  expect((await get(`/ops/jobs/${jobId}/evidence`)).status).toBe(401);
});

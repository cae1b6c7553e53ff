import { randomUUID } from 'node:crypto';
import {
  bookChef,
  chefWithProfile,
  HOUR,
  MINNEAPOLIS,
  openJob,
  operator,
  restaurantWithProfile,
  useHarness,
  type Harness,
} from './harness';

// Issue 38: jobs' part of a job's evidence for a card dispute (`GET /ops/jobs/{jobId}/evidence`), as the
// gateway merges it with the other services'. A 4-hour shift tomorrow at $20/h (chef pay $80.00, fee $5.60,
// total $85.60) at Blue Door, 1 Main St, downtown Minneapolis; the chef is Ana Ruiz.
const h = useHarness();
const MIN = 60_000;
const AT_PIN = { latitude: MINNEAPOLIS.latitude, longitude: MINNEAPOLIS.longitude, accuracy_m: 20 };

type Entry = { section: string; service: string; title: string; text: string; at: string };

function at(hx: Harness, job: { start_time: string }, offset: number) {
  hx.clock.advance(Date.parse(job.start_time) + offset - hx.clock.now().getTime());
}

async function bookedShift() {
  h.clock.reset();
  const r = await restaurantWithProfile(h, 'Blue Door', { ...MINNEAPOLIS, location_pinned: true });
  const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const start = new Date(Date.now() + 24 * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const job = await openJob(h, r, {
    title: 'Line Cook',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 4 * HOUR).toISOString(),
  });
  const appId = await bookChef(job, r, chef);
  return { r, chef, job, appId };
}

async function evidence(jobId: string, query = '') {
  const op = await operator(h);
  return op.api.get<{ job_id: string; entries: Entry[] }>(`/ops/jobs/${jobId}/evidence${query}`);
}

const section = (entries: Entry[], name: string) =>
  entries
    .filter((e) => e.section === name)
    .map((e) => e.text)
    .join('\n');

describe("a card dispute's evidence, jobs' part", () => {
  test('a worked and approved shift: the shift as booked, its date, the clock events and the timesheet', async () => {
    const s = await bookedShift();
    at(h, s.job, -5 * MIN);
    expect((await s.chef.api.post(`/applications/${s.appId}/clock-in`, AT_PIN)).status).toBe(201);
    at(h, s.job, 4 * HOUR);
    expect((await s.chef.api.post(`/applications/${s.appId}/clock-out`, { break_minutes: 0 })).status).toBe(
      200,
    );
    expect((await s.r.api.post(`/applications/${s.appId}/timesheet/approve`)).status).toBe(200);

    const res = await evidence(s.job.id, `?restaurant_id=${s.r.id}`);
    expect(res.status).toBe(200);
    expect(res.body.job_id).toBe(s.job.id);
    const { entries } = res.body;
    for (const e of entries) {
      expect(e.service).toBe('jobs');
      expect(e.text.length).toBeLessThanOrEqual(8000);
      expect(new Date(e.at).toISOString()).toBe(e.at);
    }
    expect(entries.map((e) => e.section)).toEqual([
      'product_description',
      'service_date',
      'access_activity_log',
      'service_documentation',
    ]);

    const product = section(entries, 'product_description');
    expect(product).toContain('a Line Cook shift booked through Brigade');
    expect(product).toContain('Blue Door, 1 Main St, Minneapolis, MN');
    expect(product).toContain('Hourly rate: $20.00. Chefs asked for: 1.');
    expect(product).toContain("$85.60 (chef pay $80.00 plus Brigade's booking fee $5.60)");
    expect(product).toContain('Ana Ruiz (seat 1');
    // the restaurant's local time (Minneapolis: Central)
    expect(product).toMatch(/Scheduled from \w+day, .* C[SD]T to .* C[SD]T \(4 hours\)/);
    expect(section(entries, 'service_date')).toMatch(
      /^\w+day, \w+ \d+, 20\d\d, from \d+:00 [AP]M C[SD]T to \d+:00 [AP]M C[SD]T( on .*)? \(America\/Chicago\)\.$/,
    );

    const log = section(entries, 'access_activity_log');
    expect(log).toMatch(
      /C[SD]T: Ana Ruiz \(seat 1\): Clock-in by the chef by location, 0 m from the restaurant \(accuracy 20 m\)/,
    );
    expect(log).toContain('Clock-out by the chef');
    expect(log.indexOf('Clock-in')).toBeLessThan(log.indexOf('Clock-out'));

    const sheet = section(entries, 'service_documentation');
    expect(sheet).toContain('Timesheet of Ana Ruiz (seat 1): status approved.');
    expect(sheet).toContain('4 hours worked');
    expect(sheet).toMatch(/Approved by the restaurant on /);
  });

  test('a checked-out shift: both sides’ answers, ratings and feedback, and when', async () => {
    const s = await bookedShift();
    at(h, s.job, 4 * HOUR + MIN);
    expect(
      (
        await s.r.api.post(`/applications/${s.appId}/checkout`, {
          rating: 4,
          workCompleted: true,
          feedback: 'Great prep',
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.chef.api.post(`/applications/${s.appId}/checkout`, { rating: 5, workCompleted: true })).status,
    ).toBe(200);

    const { entries } = (await evidence(s.job.id)).body;
    const log = section(entries, 'access_activity_log');
    expect(log).toMatch(
      /: the restaurant checked out Ana Ruiz \(seat 1\)\. Work completed: yes\. Rating of the chef: 4 of 5\. Feedback: Great prep/,
    );
    expect(log).toMatch(
      /: Ana Ruiz \(seat 1\) checked out\. Work completed: yes\. Rating of the restaurant: 5 of 5\./,
    );
    expect(section(entries, 'service_documentation')).toBe('');
  });

  test('as the timeline: an unknown job or a non-UUID is a 404, another restaurant’s id a 404, operators only', async () => {
    const s = await bookedShift();
    expect(await evidence(randomUUID())).toMatchObject({
      status: 404,
      body: { code: 'OPS.JOB_NOT_FOUND' },
    });
    expect((await evidence('nope')).status).toBe(404);
    // the dispute's restaurant must be the job's: the merged answer never mixes two restaurants
    expect(await evidence(s.job.id, `?restaurant_id=${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { code: 'OPS.JOB_NOT_FOUND' },
    });
    expect(await evidence(s.job.id, '?restaurant_id=nope')).toMatchObject({ status: 400 });
    for (const u of [s.r, s.chef]) {
      const res = await u.api.get(`/ops/jobs/${s.job.id}/evidence`);
      expect(res).toMatchObject({ status: 403, body: { code: 'AUTH.OPERATORS_ONLY' } });
    }
    const anonymous = await fetch(`${h.url}/ops/jobs/${s.job.id}/evidence`);
    expect(anonymous.status).toBe(401);
  });
});

import { listen, sql, type RunningServer } from '@brigade/kit';
import {
  bookChef,
  chefWithProfile,
  client,
  eventually,
  HOUR,
  laterShift,
  openJob,
  publish,
  restaurantWithProfile,
  useHarness,
  written,
  type Harness,
  type User,
} from './harness';

// Issue 32: a chef cannot hold two shifts at once. Accepting a chef (the restaurant) or confirming (the chef) is
// refused with 409 JOBS.OVERLAPPING_SHIFT when the chef holds a shift (accepted awaiting their confirmation, or
// confirmed) that overlaps it, SHIFT_GAP (30m by default) of travel included. The chef reads which shift and
// when, in their language; a restaurant only that the chef is booked, and when. Applying still works, and the
// chef's own answers warn "you are booked" (never the openings list every chef of a place shares).

const h = useHarness();
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Tomorrow (or `days` on) at hh:mm in Minneapolis (America/Chicago, CST or CDT), as an instant. */
function minneapolis(hh: number, mm: number, days = 1): Date {
  const day = new Date(Date.now() + days * 24 * HOUR);
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(day);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Chicago',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const offset of [5, 6]) {
    const at = new Date(Date.parse(`${ymd}T${pad(hh)}:${pad(mm)}:00.000Z`) + offset * HOUR);
    if (clock.format(at) === `${pad(hh)}:${pad(mm)}`) return at;
  }
  throw new Error('no such time in Minneapolis');
}

/** A shift's post-form times: from `start`, `minutes` long. */
const times = (start: Date, minutes: number) => ({
  startTime: start.toISOString(),
  endTime: new Date(start.getTime() + minutes * MINUTE).toISOString(),
});

async function applyTo(chef: User, job: { id: string }): Promise<string> {
  const applied = await chef.api.post(`/jobs/${job.id}/apply`);
  expect(applied.status).toBe(201);
  return applied.body.application.id as string;
}

/** The same user in another language (the token carries it). */
async function speaking(who: User, type: 'chef' | 'restaurant', language: 'en' | 'es') {
  return client(h, await h.token({ id: who.id, type, language }));
}

/** Another jobs instance on this database with other settings (SHIFT_GAP...), reached over HTTP. */
async function instanceWith(env: Record<string, string>) {
  const server = await listen((await h.anotherInstance(env)).app);
  servers.push(server);
  return async (who: User, type: 'chef' | 'restaurant') =>
    client({ ...h, url: server.url } as Harness, await h.token({ id: who.id, type }));
}

/** Ana is the confirmed Line Cook of Loop Diner's 8:53 - 12:53 shift tomorrow; Corner Bistro is in town too. */
async function anaBookedAtLoop() {
  const loop = await restaurantWithProfile(h, 'Loop Diner');
  const bistro = await restaurantWithProfile(h, 'Corner Bistro');
  const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const held = await openJob(h, loop, times(minneapolis(8, 53), 240));
  const heldAppId = await bookChef(held, loop, ana);
  return { loop, bistro, ana, held, heldAppId };
}

describe('a restaurant accepting a chef who is booked at that time', () => {
  test('is refused with JOBS.OVERLAPPING_SHIFT: it reads when (en, es), never where, and nothing changes', async () => {
    const { bistro, ana, held } = await anaBookedAtLoop();
    // Corner Bistro's 8:55 - 11:55 Prep Cook shift: Ana may still apply to it.
    const other = await openJob(h, bistro, { ...times(minneapolis(8, 55), 180), title: 'Prep Cook' });
    const appId = await applyTo(ana, other);

    const refused = await bistro.api.patch(`/applications/${appId}`, { status: 'accepted' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('JOBS.OVERLAPPING_SHIFT');
    expect(refused.body.error).toMatch(
      /^This chef is already booked at that time \(\w{3}, \w{3} \d{1,2}, 8:53\sAM\s–\s12:53\sPM C[SD]T\), so they cannot take this shift\.$/,
    );
    expect(refused.body.booked).toEqual({
      start_time: held.start_time,
      end_time: held.end_time,
      time_zone: 'America/Chicago',
    });
    // Never where: not the restaurant, not the position, not the job.
    const said = JSON.stringify(refused.body);
    for (const where of ['Loop Diner', 'Line Cook', held.id]) expect(said).not.toContain(where);

    const spanish = await speaking(bistro, 'restaurant', 'es');
    const enEspanol = await spanish.patch(`/applications/${appId}`, { status: 'accepted' });
    expect(enEspanol.status).toBe(409);
    expect(enEspanol.body.error).toMatch(
      /^Este chef ya tiene un turno a esa hora \(.*8:53.*12:53.*\), así que no puede tomar este turno\.$/,
    );

    // Nothing moved: the application is still pending, no acceptance was written.
    expect((await bistro.api.get(`/applications/${appId}`)).body.application.status).toBe('pending');
    expect(await written(h, 'jobs.application.accepted.v1', other.id)).toBe(0);
  });

  test('an acceptance awaiting the chef holds the time too; declining it or withdrawing frees it', async () => {
    const loop = await restaurantWithProfile(h, 'Loop Diner');
    const bistro = await restaurantWithProfile(h, 'Corner Bistro');
    const third = await restaurantWithProfile(h, 'Third Street Grill');
    const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
    const [a, b, c] = await Promise.all(
      [loop, bistro, third].map((r, i) => openJob(h, r, times(minneapolis(9, 0 + i * 10), 240))),
    );
    const [appA, appB, appC] = [await applyTo(ana, a), await applyTo(ana, b), await applyTo(ana, c)];

    // Loop Diner accepts Ana; she has not confirmed yet, and already holds that morning.
    expect((await loop.api.patch(`/applications/${appA}`, { status: 'accepted' })).status).toBe(200);
    const refused = await bistro.api.patch(`/applications/${appB}`, { status: 'accepted' });
    expect([refused.status, refused.body.code]).toEqual([409, 'JOBS.OVERLAPPING_SHIFT']);
    // She declines Loop Diner: the morning is free, Corner Bistro may take her.
    expect((await ana.api.post(`/applications/${appA}/confirm`, { confirmed: false })).status).toBe(200);
    expect((await bistro.api.patch(`/applications/${appB}`, { status: 'accepted' })).status).toBe(200);
    // ...and confirms; the third restaurant is refused until she withdraws from Corner Bistro.
    expect((await ana.api.post(`/applications/${appB}/confirm`, { confirmed: true })).status).toBe(200);
    const again = await third.api.patch(`/applications/${appC}`, { status: 'accepted' });
    expect([again.status, again.body.code]).toEqual([409, 'JOBS.OVERLAPPING_SHIFT']);
    expect((await ana.api.del(`/applications/${appB}`)).status).toBe(200);
    expect((await third.api.patch(`/applications/${appC}`, { status: 'accepted' })).status).toBe(200);
  });

  test('SHIFT_GAP: a shift ending 20 minutes before is refused with the default 30m, 45 minutes is enough, and a 10m gap allows 20', async () => {
    const { ana } = await anaBookedAtLoop(); // 8:53 - 12:53
    const early = await restaurantWithProfile(h, 'Early Bird');
    // 4:33 - 8:33: ends 20 minutes before Ana's 8:53 start.
    const tight = await openJob(h, early, times(minneapolis(4, 33), 240));
    const tightApp = await applyTo(ana, tight);
    const refused = await early.api.patch(`/applications/${tightApp}`, { status: 'accepted' });
    expect([refused.status, refused.body.code]).toEqual([409, 'JOBS.OVERLAPPING_SHIFT']);

    // 4:08 - 8:08: 45 minutes before, enough to get there. Ana then declines it (the time is free again).
    const roomy = await openJob(h, early, times(minneapolis(4, 8), 240));
    const roomyApp = await applyTo(ana, roomy);
    expect((await early.api.patch(`/applications/${roomyApp}`, { status: 'accepted' })).status).toBe(200);
    expect((await ana.api.post(`/applications/${roomyApp}/confirm`, { confirmed: false })).status).toBe(200);

    // With SHIFT_GAP=10m (a process configured so), 20 minutes is enough.
    const shortGap = await instanceWith({ SHIFT_GAP: '10m' });
    const accepted = await (
      await shortGap(early, 'restaurant')
    ).patch(`/applications/${tightApp}`, {
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.application).toMatchObject({ status: 'accepted', worker_confirmed: null });
  });
});

describe('the chef confirming a shift that overlaps one they hold', () => {
  test('is refused with JOBS.OVERLAPPING_SHIFT naming the other shift and its time (en, es); freeing that one lets it through', async () => {
    // Both restaurants accepted Ana while SHIFT_GAP was 0 (12:53 end, 13:13 start: apart then); it is 30m now.
    const loop = await restaurantWithProfile(h, 'Loop Diner');
    const bistro = await restaurantWithProfile(h, 'Corner Bistro');
    const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
    const first = await openJob(h, loop, times(minneapolis(8, 53), 240));
    const second = await openJob(h, bistro, { ...times(minneapolis(13, 13), 180), title: 'Prep Cook' });
    const [appFirst, appSecond] = [await applyTo(ana, first), await applyTo(ana, second)];
    const noGap = await instanceWith({ SHIFT_GAP: '0m' });
    for (const [r, app] of [
      [loop, appFirst],
      [bistro, appSecond],
    ] as const)
      expect(
        (await (await noGap(r, 'restaurant')).patch(`/applications/${app}`, { status: 'accepted' })).status,
      ).toBe(200);

    // Corner Bistro's acceptance awaits her answer: it holds the afternoon, and she is told what to do.
    const awaiting = await ana.api.post(`/applications/${appFirst}/confirm`, { confirmed: true });
    expect([awaiting.status, awaiting.body.code]).toEqual([409, 'JOBS.OVERLAPPING_SHIFT']);
    expect(awaiting.body.error).toMatch(
      /^You are already booked at that time: Corner Bistro accepted you as Prep Cook, \w{3}, \w{3} \d{1,2}, 1:13\s–\s4:13\sPM C[SD]T, and is waiting for your answer\. Decline it first to take this shift\. Shifts need 30 minutes between them to get from one to the other\.$/,
    );
    expect(awaiting.body.booked).toEqual({
      job_id: second.id,
      title: 'Prep Cook',
      restaurant_name: 'Corner Bistro',
      city: 'Minneapolis',
      start_time: second.start_time,
      end_time: second.end_time,
      time_zone: 'America/Chicago',
      confirmed: false,
    });
    const spanish = await speaking(ana, 'chef', 'es');
    expect((await spanish.post(`/applications/${appFirst}/confirm`, { confirmed: true })).body.error).toMatch(
      /^Ya tienes un turno a esa hora: Corner Bistro te aceptó como Ayudante de preparación, .*1:13.*4:13.*, y espera tu respuesta\. Recházalo primero para tomar este turno\. Entre dos turnos hacen falta 30 minutos para llegar de uno a otro\.$/,
    );

    // She confirmed Corner Bistro (through the process still on a 0 gap): now it is a booked shift.
    expect(
      (await (await noGap(ana, 'chef')).post(`/applications/${appSecond}/confirm`, { confirmed: true }))
        .status,
    ).toBe(200);
    const booked = await ana.api.post(`/applications/${appFirst}/confirm`, { confirmed: true });
    expect([booked.status, booked.body.code]).toEqual([409, 'JOBS.OVERLAPPING_SHIFT']);
    expect(booked.body.error).toMatch(
      /^You are already booked at that time: Prep Cook at Corner Bistro, \w{3}, \w{3} \d{1,2}, 1:13\s–\s4:13\sPM C[SD]T\. Shifts need 30 minutes between them to get from one to the other\.$/,
    );
    expect(booked.body.booked).toMatchObject({ job_id: second.id, confirmed: true });
    expect((await spanish.post(`/applications/${appFirst}/confirm`, { confirmed: true })).body.error).toMatch(
      /^Ya tienes un turno a esa hora: Ayudante de preparación en Corner Bistro, .*1:13.*4:13.*\. Entre dos turnos hacen falta 30 minutos para llegar de uno a otro\.$/,
    );
    expect((await ana.api.get(`/jobs/${first.id}`)).body.job.status).toBe('open');

    // She withdraws from Corner Bistro: Loop Diner's shift is hers to confirm.
    expect((await ana.api.del(`/applications/${appSecond}`)).status).toBe(200);
    expect((await ana.api.post(`/applications/${appFirst}/confirm`, { confirmed: true })).status).toBe(200);
    expect((await ana.api.get(`/jobs/${first.id}`)).body.job.status).toBe('filled');
  });
});

describe("applying still works, with a warning in the chef's own answers only", () => {
  test('the open list, the job page and the applications say "you are booked" to that chef, never in the shared list or to another chef', async () => {
    const { loop, bistro, ana, held } = await anaBookedAtLoop();
    const ben = await chefWithProfile(h, { name: 'Ben Ortiz' });
    const clash = await openJob(h, bistro, { ...times(minneapolis(8, 55), 180), title: 'Prep Cook' });
    const apart = await openJob(h, bistro, laterShift(72));
    expect((await ana.api.post(`/jobs/${clash.id}/apply`)).status).toBe(201);

    const booked = {
      job_id: held.id,
      title: 'Line Cook',
      restaurant_name: 'Loop Diner',
      city: 'Minneapolis',
      start_time: held.start_time,
      end_time: held.end_time,
      confirmed: true,
      busy_from: new Date(Date.parse(held.start_time) - 30 * MINUTE).toISOString(),
      busy_until: new Date(Date.parse(held.end_time) + 30 * MINUTE).toISOString(),
    };
    const find = (list: any, id: string) => list.jobs.find((j: any) => j.id === id);

    // Ana's own open list and job pages.
    const own = (await ana.api.get('/jobs?near=all')).body;
    expect(find(own, clash.id)).toMatchObject({ user_applied: true, booked_conflict: booked });
    expect(find(own, apart.id).booked_conflict).toBeNull();
    expect((await ana.api.get(`/jobs/${clash.id}`)).body.job.booked_conflict).toEqual(booked);
    expect((await ana.api.get(`/jobs/${apart.id}`)).body.job.booked_conflict).toBeNull();
    expect((await ana.api.get('/applications')).body.booked).toEqual([booked]);

    // The shared list (the same body for every chef of her place): no warning at all, not even null, and
    // the very same text for Ben, who holds nothing.
    const sharedText = async (who: User) =>
      (
        await fetch(`${h.url}/jobs?status=open&shared=1&near=all`, {
          headers: { authorization: `Bearer ${who.token}` },
        })
      ).text();
    const text = await sharedText(ana);
    expect(text).toContain(clash.id);
    expect(text).not.toContain('booked_conflict');
    expect(await sharedText(ben)).toBe(text);

    // Ben holds nothing: no warning on the same shift.
    expect(find((await ben.api.get('/jobs?near=all')).body, clash.id).booked_conflict).toBeNull();
    expect((await ben.api.get(`/jobs/${clash.id}`)).body.job.booked_conflict).toBeNull();
    expect((await ben.api.get('/applications')).body.booked).toEqual([]);
    // Restaurants never read it.
    expect((await loop.api.get(`/jobs/${held.id}`)).body.job).not.toHaveProperty('booked_conflict');
  });

  test("the chef's open list changes (no 304) when a restaurant accepts them and when they confirm", async () => {
    const loop = await restaurantWithProfile(h, 'Loop Diner');
    const bistro = await restaurantWithProfile(h, 'Corner Bistro');
    const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
    const first = await openJob(h, loop, times(minneapolis(8, 53), 240));
    const clash = await openJob(h, bistro, times(minneapolis(8, 55), 180));
    const appId = await applyTo(ana, first);
    const before = await ana.api.get('/jobs?near=all');
    const tag = before.headers.get('etag')!;
    expect(before.body.jobs.find((j: any) => j.id === clash.id).booked_conflict).toBeNull();
    expect((await ana.api.get('/jobs?near=all', { 'if-none-match': tag })).status).toBe(304);

    expect((await loop.api.patch(`/applications/${appId}`, { status: 'accepted' })).status).toBe(200);
    const accepted = await ana.api.get('/jobs?near=all', { 'if-none-match': tag });
    expect(accepted.status).toBe(200);
    expect(accepted.body.jobs.find((j: any) => j.id === clash.id).booked_conflict).toMatchObject({
      job_id: first.id,
      confirmed: false,
    });

    const acceptedTag = accepted.headers.get('etag')!;
    expect((await ana.api.post(`/applications/${appId}/confirm`, { confirmed: true })).status).toBe(200);
    const confirmed = await ana.api.get('/jobs?near=all', { 'if-none-match': acceptedTag });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.jobs.find((j: any) => j.id === clash.id).booked_conflict).toMatchObject({
      job_id: first.id,
      confirmed: true,
    });
    // The chef's applications poll (the openings screen's source of the warning) moved too.
    const apps = await ana.api.get('/applications');
    expect(apps.body.booked).toEqual([expect.objectContaining({ job_id: first.id, confirmed: true })]);
  });
});

test('a suspended chef holds nothing any more: their acceptance is withdrawn and the time is free', async () => {
  const loop = await restaurantWithProfile(h, 'Loop Diner');
  const ana = await chefWithProfile(h, { name: 'Ana Ruiz' });
  const held = await openJob(h, loop, times(minneapolis(8, 53), 240));
  await bookChef(held, loop, ana, false);
  const rows = async () =>
    h.database.rows(
      sql`select 1 from jobs.applications where chef_id = ${ana.id} and status = 'accepted' and worker_confirmed is distinct from false`,
    );
  expect(await rows()).toHaveLength(1);
  expect((await ana.api.get('/applications')).body.booked).toHaveLength(1);
  await publish(h, 'identity.user.suspended.v1', {
    user_id: ana.id,
    user_type: 'chef',
    reason: 'Fake documents',
    operator_id: ana.id,
    suspended_at: new Date().toISOString(),
  });
  await eventually(async () => expect(await rows()).toHaveLength(0));
  expect((await ana.api.get('/applications')).body.booked).toEqual([]);
});

import { randomBytes } from 'node:crypto';
import {
  bookChef,
  chefWithProfile,
  client,
  HOUR,
  laterShift,
  openJob,
  restaurantWithProfile,
  useHarness,
  type User,
} from './harness';

// Calendar (issue 20): "Add to calendar" for a confirmed shift (its restaurant and its confirmed chef only), and
// each user's private feed, fetched by calendar apps with no session: the secret token in its URL is the key.

const h = useHarness();

interface Ics {
  status: number;
  type: string | null;
  disposition: string | null;
  text: string;
  json: any;
}

/** GET a calendar path as a calendar app would (no token) or as a signed-in user. */
async function getIcs(path: string, token?: string): Promise<Ics> {
  const res = await fetch(`${h.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let json: any = null;
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) json = JSON.parse(text);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    text,
    json,
  };
}

/** The iCalendar text unfolded (long lines are folded at 75 octets with CRLF + space). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const uidsOf = (ics: string) => [...unfold(ics).matchAll(/^UID:(.+)$/gm)].map((m) => m[1].trim());
const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The feed's path on the service, from the URL Settings shows (PUBLIC_URL + /api/calendar/{token}.ics). */
function feedPath(url: string): string {
  const m = /\/api(\/calendar\/[A-Za-z0-9_-]{43}\.ics)$/.exec(url);
  expect(m).not.toBeNull();
  return m![1];
}

async function bookedShift(r: User, chef: User, overrides: Record<string, unknown> = {}) {
  const job = await openJob(h, r, overrides);
  await bookChef(job, r, chef);
  return job;
}

describe('Add to calendar: one confirmed shift as an .ics file', () => {
  test('the confirmed chef gets the shift: times in UTC, position at restaurant, address, pay and a link', async () => {
    const r = await restaurantWithProfile(h, 'Loop Diner');
    const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
    const job = await bookedShift(r, chef);

    const ics = await getIcs(`/jobs/${job.id}/calendar.ics`, chef.token);
    expect(ics.status).toBe(200);
    expect(ics.type).toBe('text/calendar; charset=utf-8');
    expect(ics.disposition).toMatch(/^attachment; filename="brigade-shift-\d{4}-\d{2}-\d{2}\.ics"$/);
    const text = unfold(ics.text);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`UID:job-${job.id}@brigade`);
    expect(text).toContain(`DTSTART:${utc(job.start_time)}`);
    expect(text).toContain(`DTEND:${utc(job.end_time)}`);
    expect(text).toContain('SUMMARY:Line Cook at Loop Diner');
    expect(text).toContain('LOCATION:1 Main St\\, Minneapolis\\, MN');
    expect(text).toContain('Your pay: $80.00 ($20.00/h)');
    expect(text).toContain(`http://localhost:8080/jobs/${job.id}`);
    expect(text).toContain('STATUS:CONFIRMED');
    // The description opens with the time in the restaurant's zone (Minneapolis: Central time).
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).formatRange(new Date(job.start_time), new Date(job.end_time));
    expect(text).toContain(`DESCRIPTION:${local.replaceAll(',', '\\,')}\\n`);
    expect(local).toMatch(/C[SD]T$/);
    expect(text).toMatch(/END:VEVENT\r\nEND:VCALENDAR/);
  });

  test("the restaurant's file names the chef; a Spanish reader gets the texts in Spanish", async () => {
    const r = await restaurantWithProfile(h, 'Loop Diner');
    const chef = await chefWithProfile(h, { name: 'Ana Ruiz' });
    const job = await bookedShift(r, chef);

    const owners = unfold((await getIcs(`/jobs/${job.id}/calendar.ics`, r.token)).text);
    expect(owners).toContain('SUMMARY:Line Cook: Ana Ruiz');
    expect(owners).toContain("Chef's pay: $80.00");
    expect(uidsOf(owners)).toEqual([`job-${job.id}@brigade`]);

    const spanish = await h.token({ id: chef.id, type: 'chef', language: 'es' });
    const chefs = unfold((await getIcs(`/jobs/${job.id}/calendar.ics`, spanish)).text);
    expect(chefs).toContain('SUMMARY:Cocinero de línea en Loop Diner');
    expect(chefs).toContain('Tu pago: $80.00');
  });

  test('only its restaurant and its confirmed chef: strangers 404, a chef who only applied 403, nobody confirmed 409', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const applicant = await chefWithProfile(h);
    const stranger = await chefWithProfile(h);
    const otherRestaurant = await restaurantWithProfile(h, 'Elsewhere');
    const job = await openJob(h, r);
    expect((await applicant.api.post(`/jobs/${job.id}/apply`)).status).toBe(201);

    // Open, nobody confirmed yet: nothing to put in a calendar.
    const early = await getIcs(`/jobs/${job.id}/calendar.ics`, r.token);
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('JOBS.NOT_BOOKED');

    await bookChef(job, r, chef);
    const path = `/jobs/${job.id}/calendar.ics`;
    expect((await getIcs(path, chef.token)).status).toBe(200);
    expect((await getIcs(path, r.token)).status).toBe(200);
    const asApplicant = await getIcs(path, applicant.token);
    expect(asApplicant.status).toBe(403);
    expect(asApplicant.json.code).toBe('JOBS.NOT_SHIFT_CHEF');
    const asStranger = await getIcs(path, stranger.token);
    expect(asStranger.status).toBe(404);
    expect(asStranger.json.code).toBe('JOBS.JOB_NOT_FOUND');
    expect((await getIcs(path, otherRestaurant.token)).status).toBe(404);
    expect((await getIcs(path)).status).toBe(401);
    expect((await getIcs(`/jobs/not-a-job/calendar.ics`, chef.token)).status).toBe(404);
  });
});

describe('the private calendar feed', () => {
  test('the link is made on first use and the same on every visit; the feed lists only the owner’s confirmed shifts', async () => {
    const r = await restaurantWithProfile(h, 'Feed Diner');
    const chef = await chefWithProfile(h, { name: 'Feed Chef' });
    const otherChef = await chefWithProfile(h, { name: 'Other Chef' });
    const mine = await bookedShift(r, chef);
    const theirs = await bookedShift(r, otherChef);
    // Applied only, and accepted but not confirmed (later that day: one shift at a time): neither is a shift
    // of this chef yet.
    const appliedOnly = await openJob(h, r);
    await chef.api.post(`/jobs/${appliedOnly.id}/apply`);
    const notConfirmed = await openJob(h, r, laterShift(6));
    await bookChef(notConfirmed, r, chef, false);

    const first = await chef.api.get('/calendar/feed');
    expect(first.status).toBe(200);
    expect(first.body.feed).toMatchObject({ past_days: 30, refresh_seconds: 3600 });
    expect(first.body.feed.url).toMatch(/^http:\/\/localhost:8080\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const again = await chef.api.get('/calendar/feed');
    expect(again.body.feed.url).toBe(first.body.feed.url);
    expect(again.body.feed.created_at).toBe(first.body.feed.created_at);

    const feed = await getIcs(feedPath(first.body.feed.url));
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    const text = unfold(feed.text);
    expect(uidsOf(text)).toEqual([`job-${mine.id}@brigade`]);
    expect(text).toContain('SUMMARY:Line Cook at Feed Diner');
    expect(text).toContain('X-WR-CALNAME:Brigade shifts');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');

    // The restaurant's own feed: both of its booked shifts, each naming its chef.
    const restaurantFeed = await r.api.get('/calendar/feed');
    const owners = unfold((await getIcs(feedPath(restaurantFeed.body.feed.url))).text);
    expect(uidsOf(owners).sort()).toEqual([`job-${mine.id}@brigade`, `job-${theirs.id}@brigade`].sort());
    expect(owners).toContain('SUMMARY:Line Cook: Feed Chef');
    expect(owners).toContain('SUMMARY:Line Cook: Other Chef');
  });

  test('the feed speaks the language of the owner’s last visit to Settings', async () => {
    const r = await restaurantWithProfile(h, 'Taquería');
    const chef = await chefWithProfile(h);
    await bookedShift(r, chef);
    const url = (await chef.api.get('/calendar/feed')).body.feed.url;
    expect(unfold((await getIcs(feedPath(url))).text)).toContain('SUMMARY:Line Cook at Taquería');

    const spanish = client(h, await h.token({ id: chef.id, type: 'chef', language: 'es' }));
    // Settings shows the same link on every visit (to subscribe another device).
    expect((await spanish.get('/calendar/feed')).body.feed.url).toBe(url);
    const text = unfold((await getIcs(feedPath(url))).text);
    expect(text).toContain('SUMMARY:Cocinero de línea en Taquería');
    expect(text).toContain('X-WR-CALNAME:Turnos de Brigade');
  });

  test('Reset link revokes the old link (404) and answers a new one', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const job = await bookedShift(r, chef);
    const old = (await chef.api.get('/calendar/feed')).body.feed.url;
    expect((await getIcs(feedPath(old))).status).toBe(200);

    const reset = await chef.api.post('/calendar/feed/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.feed.url).not.toBe(old);
    const gone = await getIcs(feedPath(old));
    expect(gone.status).toBe(404);
    expect(gone.json.code).toBe('JOBS.CALENDAR_FEED_NOT_FOUND');
    const fresh = await getIcs(feedPath(reset.body.feed.url));
    expect(fresh.status).toBe(200);
    expect(uidsOf(fresh.text)).toEqual([`job-${job.id}@brigade`]);
    // Settings now shows the new link.
    expect((await chef.api.get('/calendar/feed')).body.feed.url).toBe(reset.body.feed.url);
  });

  test('an unknown or malformed token is 404, and a feed has one token at a time', async () => {
    const unknown = await getIcs(`/calendar/${randomBytes(32).toString('base64url')}.ics`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('JOBS.CALENDAR_FEED_NOT_FOUND');
    expect((await getIcs('/calendar/short.ics')).status).toBe(404);
    expect((await getIcs(`/calendar/${'%27'.repeat(20)}.ics`)).status).toBe(404);

    const r = await restaurantWithProfile(h);
    const url = (await r.api.get('/calendar/feed')).body.feed.url as string;
    const token = /calendar\/([^/]+)\.ics$/.exec(url)![1];
    const rows = await h.database.rows<{ token: string }>(
      (await import('@brigade/kit')).sql`select token from jobs.calendar_feeds where user_id = ${r.id}`,
    );
    expect(rows).toEqual([{ token }]);
    expect((await getIcs(`/calendar/${token.slice(0, -1)}x.ics`)).status).toBe(404);
  });

  test('a cancelled shift leaves the feed, and shifts that ended over 30 days ago drop off', async () => {
    const r = await restaurantWithProfile(h);
    const chef = await chefWithProfile(h);
    const cancelled = await bookedShift(r, chef);
    const kept = await bookedShift(r, chef, laterShift(6));
    const url = (await chef.api.get('/calendar/feed')).body.feed.url;
    expect(uidsOf((await getIcs(feedPath(url))).text).sort()).toEqual(
      [`job-${cancelled.id}@brigade`, `job-${kept.id}@brigade`].sort(),
    );

    expect((await r.api.post(`/jobs/${cancelled.id}/cancel`, { reason: 'Closed' })).status).toBe(200);
    expect(uidsOf((await getIcs(feedPath(url))).text)).toEqual([`job-${kept.id}@brigade`]);
    const file = await getIcs(`/jobs/${cancelled.id}/calendar.ics`, chef.token);
    expect(file.status).toBe(409);

    // 29 days after the shift it is still there (recently worked); after 31 it is gone.
    h.clock.advance(29 * 24 * HOUR);
    expect(uidsOf((await getIcs(feedPath(url))).text)).toEqual([`job-${kept.id}@brigade`]);
    h.clock.advance(3 * 24 * HOUR);
    const later = await getIcs(feedPath(url));
    expect(later.status).toBe(200);
    expect(uidsOf(later.text)).toEqual([]);
    expect(unfold(later.text)).toMatch(/^BEGIN:VCALENDAR[\s\S]*END:VCALENDAR\r?\n?$/);
  });
});

import { DEFAULT_CHEF_AVAILABILITY, fitsAvailability } from '@brigade/contracts';
import { eventually } from '@brigade/kit/testing';
import { expectStatus, payJob, postJob, signUp, startStack, type Account, type Stack } from './support/stack';

// Issue 37, through the gateway: texts about a new shift go only to the chefs whose travel radius reaches the
// restaurant and whose weekly availability covers the shift, nearest first, each saying why; the openings still
// list the shift to every chef in range. The restaurant stands at Detroit's centre; the chefs' homes lie east
// and west of it (identity keeps a location to 0.01 degree).

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

/** A Detroit chef at a home location, with a travel radius and a weekly availability (as the profile form sends them). */
async function chefAt(lon: number, travelRadius: number, availability = DEFAULT_CHEF_AVAILABILITY) {
  const chef = await signUp(stack, 'chef', { payouts: false });
  expectStatus(
    await stack.call('POST', '/api/profiles/chef', {
      token: chef.token,
      body: {
        city: 'Detroit',
        homeLatitude: 42.33,
        homeLongitude: lon,
        travelRadius,
        availability: JSON.stringify(availability),
      },
    }),
    200,
  );
  // jobs measures from the new home once its read model has the profile (its openings say the radius)
  await eventually(async () => {
    const open = expectStatus(await stack.call('GET', '/api/jobs?status=open', { token: chef.token }), 200);
    expect(open.body.area?.radius_miles).toBe(travelRadius);
    expect(open.body.distances_from).toBe('home');
  });
  return chef;
}

/** The shift texts a chef received (the sandbox's outbox), newest first. */
async function shiftTexts(chef: Account) {
  const sms = expectStatus(await stack.call('GET', `/api/dev/sms?to=%2B1${chef.phone}`), 200);
  return sms.body.messages
    .map((m: { body: string }) => m.body)
    .filter((body: string) => /shift|turno/i.test(body) && !/verification/i.test(body));
}

test('a new shift is texted to the available chefs in range, nearest first, with why; the openings list it to all in range', async () => {
  const restaurant = await signUp(stack, 'restaurant'); // Detroit's centre
  // tomorrow 10 AM to 2 PM in Detroit (15:00 to 19:00 UTC in winter, 11 AM to 3 PM in summer: inside the defaults)
  const start = new Date(Date.now() + 24 * 3_600_000);
  start.setUTCHours(15, 0, 0, 0);
  if (start.getTime() < Date.now() + 2 * 3_600_000) start.setTime(start.getTime() + 24 * 3_600_000);
  const { weekday } = fitsAvailability(
    null,
    start,
    new Date(start.getTime() + 4 * 3_600_000),
    'America/Detroit',
  );
  const dayOff = {
    ...DEFAULT_CHEF_AVAILABILITY,
    [weekday]: { available: false, start: '08:00', end: '18:00' },
  };

  const near = await chefAt(-82.95, 10); // about 4.9 miles east
  const busy = await chefAt(-82.95, 10, dayOff); // as near, but not available that day
  const short = await chefAt(-83.3, 10); // about 13 miles west: beyond a 10-mile radius
  const far = await chefAt(-83.32, 15); // about 14 miles west, within 15

  const job = await postJob(stack, restaurant, start.getTime() - Date.now(), 4, 25);
  await payJob(stack, restaurant, job);

  const weekdays = weekday.charAt(0).toUpperCase() + weekday.slice(1) + 's';
  // Texts go out in the order jobs chose them (nearest first): once the farthest chosen chef has theirs, a
  // wrongly chosen nearer chef would have had one before.
  const [farText] = await eventually(async () => {
    const texts = await shiftTexts(far);
    expect(texts).toHaveLength(1);
    return texts;
  }, 60_000);
  expect(farText).toMatch(new RegExp(`Why you: within 14(\\.\\d)? mi and available ${weekdays}\\.`));
  const [nearText] = await shiftTexts(near);
  expect(nearText).toMatch(
    /^Brigade: New shift: .* needs "Line Cook" on .*, \$25\.00\/hr\. Why you: within 4\.\d mi/,
  );
  expect(nearText).toContain(`available ${weekdays}.`);
  expect(nearText).toContain(`/jobs/${job.id}`);
  expect(await shiftTexts(busy)).toEqual([]);
  expect(await shiftTexts(short)).toEqual([]);

  // The openings are not the texts: every chef whose radius reaches the shift still sees it.
  for (const chef of [near, busy, far]) {
    const open = expectStatus(await stack.call('GET', '/api/jobs?status=open', { token: chef.token }), 200);
    expect(open.body.jobs.map((j: { id: string }) => j.id)).toContain(job.id);
  }
  const outside = expectStatus(await stack.call('GET', '/api/jobs?status=open', { token: short.token }), 200);
  expect(outside.body.jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);
});

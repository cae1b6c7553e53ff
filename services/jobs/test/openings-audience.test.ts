import { MemoryStamps, REVALIDATE_HEADER, parseStampHeader, sql } from '@brigade/kit';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { chefProfileData, chefWithProfile, eventually, publish, useHarness, type Harness } from './harness';

// The chefs' shared openings are kept by the gateway per audience (the chefs of one place and radius) while the
// versions the answer advertises hold (ADR 7). A chef who moves while their list is being answered must never
// get an answer for their old place stamped with the version of their move: the gateway would keep answering
// the old city's list (CI caught one: a Minneapolis chef answered Detroit's list for 15 s and more).

const stamps = new MemoryStamps();
const h = useHarness({ stamps });

const OPENINGS = '/jobs?status=open&shared=1&limit=50';
const dialect = new PgDialect();

/** Moves the chef to Detroit (radius 25) and waits for jobs to have recorded it. */
async function moveToDetroit(chef: { id: string; profileId: string }) {
  await publish(
    h,
    'identity.chef_profile.updated.v1',
    chefProfileData(chef, {
      city: 'Detroit',
      state: 'MI',
      latitude: 42.3314,
      longitude: -83.0458,
      travel_radius: 25,
    }),
  );
  await eventually(async () => {
    const rows = await h.database.rows<{ city: string }>(
      sql`select city from jobs.chef_profiles where user_id = ${chef.id}`,
    );
    expect(rows[0]?.city).toBe('Detroit');
  });
}

/** While `during` runs, `then` runs once right after the service's first read matching `pattern` returns. */
async function afterFirstRead<T>(
  harness: Harness,
  pattern: RegExp,
  then: () => Promise<void>,
  during: () => Promise<T>,
) {
  const database = harness.database;
  const rows = database.rows;
  let done = false;
  database.rows = (async (query: SQL, ...rest: unknown[]) => {
    const out = await (rows as any).call(database, query, ...rest);
    if (!done && pattern.test(dialect.sqlToQuery(query).sql)) {
      done = true;
      await then();
    }
    return out;
  }) as typeof rows;
  try {
    return await during();
  } finally {
    database.rows = rows;
  }
}

/** The version the answer advertised for the chef's own scope, and the current one. */
async function ownVersions(headers: Headers, chefId: string) {
  const advertised = parseStampHeader(headers.get(REVALIDATE_HEADER) ?? '');
  expect(advertised).not.toBeNull();
  const key = stamps.key('jobs', `c:${chefId}`);
  const at = advertised!.keys.indexOf(key);
  expect(at).toBeGreaterThanOrEqual(0);
  const [current] = await stamps.read([key]);
  return { advertised: Number(advertised!.versions[at]), current: Number(current) };
}

test("a chef who moves while their openings are answered is never told their old city's list is current", async () => {
  const chef = await chefWithProfile(h);
  const first = await chef.api.get(OPENINGS);
  expect(first.status).toBe(200);
  expect(first.body.area).toMatchObject({ city: 'Minneapolis' });

  // The move commits while jobs answers the chef's next poll: after it has read the chef's place.
  const during = await afterFirstRead(
    h,
    /jobs\.chef_profiles cp/,
    () => moveToDetroit(chef),
    () => chef.api.get(OPENINGS),
  );
  expect(during.status).toBe(200);
  const { advertised, current } = await ownVersions(during.headers, chef.id);
  if (during.body.area.city === 'Minneapolis') {
    // An answer for the old place: its stamps must already be out of date, so the gateway asks again.
    expect(advertised).toBeLessThan(current);
  } else {
    expect(during.body.area).toMatchObject({ city: 'Detroit' });
    expect(advertised).toBe(current);
  }
  // The chef's next poll is Detroit's list under Detroit's tag.
  const next = await chef.api.get(OPENINGS, { 'if-none-match': during.headers.get('etag')! });
  expect(next.status).toBe(200);
  expect(next.body.area).toEqual({ city: 'Detroit', radius_miles: 25 });
  const own = await ownVersions(next.headers, chef.id);
  expect(own.advertised).toBe(own.current);
});

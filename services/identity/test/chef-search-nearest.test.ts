import { cityCentre, milesBetween } from '@brigade/contracts';
import { signUp, startIdentity, type Harness } from './harness';

// Issue 41 (ADR 40): a new chef search first finds how far its page reaches from the nearest chefs (a nearest-first
// index), then reads the page from that reach alone. What a restaurant sees must not change: nearest first by the
// exact great-circle distance, chefs at the same distance by name (then rating and id), each distance to 0.1 mile,
// pages that split a tie neither repeat nor skip a chef, and the radius's edge where it was.

let h: Harness;
let restaurant: string;
const centre = cityCentre('Minneapolis')!;
const SKILL = encodeURIComponent('["Grill Cook"]');

beforeAll(async () => {
  h = await startIdentity();
  const owner = await signUp(h, 'restaurant');
  restaurant = owner.access_token;
  // No ZIP: the restaurant is at Minneapolis' centre.
  const saved = await h.post(
    '/profiles/restaurant',
    { name: 'Centre Kitchen', description: 'd', address: 'a', city: 'Minneapolis', cuisineTypes: '["Thai"]' },
    restaurant,
  );
  expect(saved.status).toBe(200);
  expect(saved.body.profile).toMatchObject({ latitude: centre.lat, longitude: centre.lon });
  // Created out of order, so the order seen is the search's. Three chefs share one place: an exact tie.
  for (const [name, lat, lon, skills] of [
    ['Tie C', 45.03, -93.27, ['Grill Cook']],
    ['Edge', 45.12, -93.27, ['Grill Cook']],
    ['Near', 44.98, -93.27, ['Grill Cook']],
    ['Tie A', 45.03, -93.27, ['Grill Cook', 'Pastry Chef']],
    ['Pastry Only', 44.98, -93.26, ['Pastry Chef']],
    ['Beyond', 45.13, -93.27, ['Grill Cook']],
    ['Tie B', 45.03, -93.27, ['Grill Cook']],
  ] as const) {
    const chef = await signUp(h, 'chef');
    const res = await h.post(
      '/profiles/chef',
      {
        name,
        bio: 'b',
        city: 'Minneapolis',
        skills: JSON.stringify(skills),
        latitude: String(lat),
        longitude: String(lon),
      },
      chef.access_token,
    );
    expect(res.status).toBe(200);
  }
  // Eight accounts and their profiles: more than the default minute on a busy machine.
}, 180_000);
afterAll(() => h.close());

/** What the restaurant is shown: each chef's name and distance, in order. */
async function shown(query: string) {
  const res = await h.get(`/profiles/chefs?skills=${SKILL}&${query}`, restaurant);
  expect(res.status).toBe(200);
  return res.body.chefs.map((c: { name: string; distance_miles: number }) => [c.name, c.distance_miles]);
}

/** The distance as shown: the great-circle distance from the restaurant, to 0.1 mile. */
const miles = (lat: number, lon: number) => Math.round(milesBetween(centre, { lat, lon }) * 10) / 10;
const edge = milesBetween(centre, { lat: 45.12, lon: -93.27 });

test('nearest first by the exact distance, a tie at one place by name, each distance to 0.1 mile', async () => {
  expect(await shown('radius=10')).toEqual([
    ['Near', miles(44.98, -93.27)],
    ['Tie A', miles(45.03, -93.27)],
    ['Tie B', miles(45.03, -93.27)],
    ['Tie C', miles(45.03, -93.27)],
    ['Edge', miles(45.12, -93.27)],
  ]);
  expect(miles(45.12, -93.27)).toBe(9.8);
  expect(miles(45.13, -93.27)).toBe(10.5);
});

test('pages of two split the tie and neither repeat nor skip a chef', async () => {
  const pages = [];
  for (const offset of [0, 2, 4]) pages.push(await shown(`radius=25&limit=2&offset=${offset}`));
  expect(pages).toEqual([
    [
      ['Near', miles(44.98, -93.27)],
      ['Tie A', miles(45.03, -93.27)],
    ],
    [
      ['Tie B', miles(45.03, -93.27)],
      ['Tie C', miles(45.03, -93.27)],
    ],
    [
      ['Edge', miles(45.12, -93.27)],
      ['Beyond', miles(45.13, -93.27)],
    ],
  ]);
  expect(await shown('radius=25&limit=3&offset=1')).toEqual((await shown('radius=25')).slice(1, 4));
});

test('a chef a thousandth of a mile inside the radius is found, one a thousandth beyond it is not', async () => {
  const names = async (radius: number, limit: number) =>
    (await shown(`radius=${radius.toFixed(3)}&limit=${limit}`)).map(([name]: [string]) => name);
  for (const limit of [1, 4, 5, 25]) {
    const inside = await names(edge + 0.001, limit);
    const outside = await names(edge - 0.001, limit);
    expect(inside).toEqual(['Near', 'Tie A', 'Tie B', 'Tie C', 'Edge'].slice(0, limit));
    expect(outside).toEqual(['Near', 'Tie A', 'Tie B', 'Tie C'].slice(0, limit));
  }
});

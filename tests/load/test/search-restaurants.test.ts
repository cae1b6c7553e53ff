import { CITIES, identityHttp, milesBetween, SKILLS, zipPlace } from '@brigade/contracts';
import { SEARCHING_RESTAURANTS, searchFiltersOf, searchingPlaces, searchPath } from '../bench/search-polls';

// Issue 41's "chef search, every search new (50 restaurants, different filters)": the bench's searching
// restaurants stand at places of their own and ask searches of their own, which the API takes as they are.

describe("the bench's searching restaurants", () => {
  const places = searchingPlaces(SEARCHING_RESTAURANTS - 10);

  it('stand at different ZIPs of both cities, near enough to the seeded chefs', () => {
    expect(new Set(places.map((p) => p.zip)).size).toBe(places.length);
    for (const { city, zip } of places) {
      const place = zipPlace(zip);
      expect(place?.city).toBe(city);
      const centre = { lat: CITIES[city].latitude, lon: CITIES[city].longitude };
      expect(milesBetween(centre, place!)).toBeLessThanOrEqual(12);
    }
    expect(places.filter((p) => p.city === 'Detroit').length).toBe(places.length / 2);
  });

  it('each ask their own search, in a form the chef search accepts', () => {
    const filters = Array.from({ length: SEARCHING_RESTAURANTS }, (_, k) => searchFiltersOf(k));
    const distinct = new Set(filters.map((f) => JSON.stringify(f)));
    expect(distinct.size).toBe(SEARCHING_RESTAURANTS);
    // every shape the screen asks: one to three skills, a rate range, the second page, narrow and wide radii
    expect(new Set(filters.map((f) => f.skills.length))).toEqual(new Set([1, 2, 3]));
    expect(filters.some((f) => f.minRate !== undefined && f.maxRate! > f.minRate)).toBe(true);
    expect(filters.some((f) => f.offset === 25)).toBe(true);
    expect(Math.min(...filters.map((f) => f.radius))).toBe(5);
    expect(Math.max(...filters.map((f) => f.radius))).toBeGreaterThanOrEqual(55);
    for (const f of filters) {
      for (const skill of f.skills) expect(SKILLS).toContain(skill);
      const query = Object.fromEntries(new URL(searchPath(f, 0.001), 'http://x').searchParams);
      const parsed = identityHttp.ChefSearchQuery.parse(query);
      expect(parsed).toMatchObject({ skills: f.skills, radius: f.radius + 0.001, limit: 25 });
      expect(parsed.offset ?? 0).toBe(f.offset);
    }
  });

  it('never repeat a search: the radius widens by a thousandth of a mile each time', () => {
    const f = searchFiltersOf(3);
    expect(searchPath(f, 0)).not.toBe(searchPath(f, 0.001));
    expect(new URL(searchPath(f, 0.002), 'http://x').searchParams.get('radius')).toBe(
      (f.radius + 0.002).toFixed(3),
    );
  });
});

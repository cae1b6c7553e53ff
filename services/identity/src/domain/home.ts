import { cityCentre, roundedLocation, withinCityArea, zipIn, zipPlace, type Point } from '@brigade/contracts';
import { IdentityErrors } from './errors';

/** Where a chef's distances are measured from: their home, or (null) their city's centre. */
export interface ChefHomePlace extends Point {
  source: 'zip' | 'location';
  zip: string | null;
}

export interface HomeFields {
  home?: string;
  homeLatitude?: number;
  homeLongitude?: number;
  /** The older way to send a position: the city picker sent its city's centre with every save. */
  latitude?: number;
  longitude?: number;
}

/**
 * The chef's home after a save of `form` in `city` (issue 32). A ZIP (alone or ending an address; only the ZIP is
 * kept) places them at its centre; a position ("use my location") is kept rounded to 0.01 degree; '' removes the
 * home. Either must be within 45 miles of their city. Nothing sent keeps the home they had, unless they moved to
 * another city, which leaves it behind (their distances are then from the new city's centre until they give one).
 */
export function chefHomeAfter(
  form: HomeFields,
  city: string,
  existing: ChefHomePlace | null,
  cityChanged: boolean,
): ChefHomePlace | null {
  if (form.home !== undefined) {
    if (form.home === '') return null;
    const place = zipPlace(form.home);
    if (!place) throw IdentityErrors.unknownZip();
    if (place.city !== city) throw IdentityErrors.homeOutsideArea();
    return { source: 'zip', zip: zipIn(form.home), lat: place.lat, lon: place.lon };
  }
  const sent =
    form.homeLatitude !== undefined && form.homeLongitude !== undefined
      ? { lat: form.homeLatitude, lon: form.homeLongitude }
      : form.latitude !== undefined && form.longitude !== undefined
        ? { lat: form.latitude, lon: form.longitude }
        : null;
  const centre = cityCentre(city);
  const isCentre = (p: Point) => centre !== null && p.lat === centre.lat && p.lon === centre.lon;
  if (sent && !(form.homeLatitude === undefined && isCentre(sent))) {
    const point = roundedLocation(sent);
    if (!withinCityArea(point, city)) throw IdentityErrors.homeOutsideArea();
    return { source: 'location', zip: null, ...point };
  }
  return cityChanged ? null : existing;
}

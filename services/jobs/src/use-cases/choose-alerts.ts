import { fitsAvailability } from '@brigade/contracts';
import type { Tx } from '@brigade/kit';
import type { JobsContext } from '../context';
import { namedAlertChefs, nearbyChefsPage } from '../db/alerts.repository';
import { restaurantOrigin } from '../db/read-models.repository';
import { insideRosterWindow, nearbyAlerts, type EventAlert } from '../domain/alerts';
import { timeZoneOf } from '../domain/calendar';
import type { JobRow } from '../domain/records';

/**
 * Why jobs is telling chefs about a shift now (issue 37): it opened (`new`; a roster-first shift tells its
 * favorites only), a seat reopened (`reopened`, as urgent), its roster-first window ended (`roster_window_ended`:
 * everyone in range but the favorites already told), or it was boosted (`boosted`).
 */
export type AlertOccasion = 'new' | 'reopened' | 'roster_window_ended' | 'boosted';

/** Chefs in range are read this many at a time (more only when availability leaves too few of a page). */
const PAGE_MIN = 100;

/**
 * The chefs to text about `job` and why, in the caller's transaction: the one place that decides who is told
 * (the events carry the answer; notifications texts it as each chef's preferences allow).
 *
 * In order: the favorites the posting named (`favorite`; on `new` and `reopened`), the chefs waiting on its
 * standby list (`standby`; on `reopened`), then the chefs whose travel radius reaches the restaurant and whose
 * weekly availability covers the shift in the restaurant's time zone (`nearby`, with the miles and the
 * weekday), nearest first. At most ALERT_FANOUT in all, favorites and standby first: the setting bounds how many
 * texts one occasion sends, and the chefs the restaurant chose come before strangers. Inside a roster-first
 * window only favorites are told (a boost then too); when it ends, everyone in range but the favorites (told
 * when it opened). A chef blocked either way, suspended, already applied or booked, without a verified
 * phone, or (issue 39) without a credential the shift requires is never told.
 * Three reads: the restaurant's city and place, the named chefs, the chefs in range (a page of them, rarely two;
 * each a walk of the nearest and the page, ADR 45).
 */
export async function chooseAlerts(
  ctx: JobsContext,
  tx: Tx,
  job: JobRow,
  occasion: AlertOccasion,
): Promise<EventAlert[]> {
  const cap = ctx.policy.alertFanout;
  const shift = {
    jobId: job.id,
    restaurantId: job.restaurant_id,
    requiredCredentials: job.required_credentials,
    at: ctx.now(),
  };
  const windowOpen =
    occasion !== 'roster_window_ended' && insideRosterWindow(job, ctx.now(), occasion === 'new');
  // a boost inside the window reaches the only chefs who may take the shift yet: its favorites
  const favoritesToo =
    occasion === 'new' || occasion === 'reopened' || (occasion === 'boosted' && windowOpen);
  const named = await namedAlertChefs(ctx.database, tx, {
    ...shift,
    favoriteProfileIds: favoritesToo ? job.notify_favorites : [],
    standby: occasion === 'reopened',
  });
  const alerts: EventAlert[] = [];
  const told = new Set<string>();
  const add = (chef_id: string, reason: EventAlert['reason']) => {
    if (told.has(chef_id) || alerts.length >= cap) return;
    told.add(chef_id);
    alerts.push({ chef_id, reason, miles: null, weekday: null });
  };
  // favorites in the order the posting names them
  for (const profileId of job.notify_favorites) {
    const chefId = named.favorites.get(profileId);
    if (chefId) add(chefId, 'favorite');
  }
  for (const chefId of named.standby) add(chefId, 'standby');

  if (windowOpen || alerts.length >= cap) return alerts;

  const { city, place } = await restaurantOrigin(ctx.database, job.restaurant_id, tx);
  const timeZone = timeZoneOf(city);
  const { weekday } = fitsAvailability(null, job.start_time, job.end_time, timeZone);
  const pageSize = Math.max(PAGE_MIN, cap * 4);
  const chosen = alerts.length;
  let read = 0;
  for (let offset = 0; alerts.length < cap; offset += pageSize) {
    const page = await nearbyChefsPage(ctx.database, tx, {
      ...shift,
      origin: place,
      weekday,
      exceptUserIds: [...told],
      // the favorites were told when the shift opened
      exceptProfileIds: occasion === 'roster_window_ended' ? job.notify_favorites : [],
      limit: pageSize,
      offset,
    });
    read += page.length;
    alerts.push(...nearbyAlerts(page, job, timeZone, cap - alerts.length));
    if (page.length < pageSize) break;
  }
  // what the fan-out measures: how many in range were read to find how many available, against the cap
  ctx.logger.info(
    { jobId: job.id, occasion, named: chosen, inRangeRead: read, nearby: alerts.length - chosen, cap },
    'shift alerts chosen',
  );
  return alerts;
}

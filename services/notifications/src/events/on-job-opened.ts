import type { Handler } from './handler';
import { announceOpenJob } from '../use-cases/announce-open-job';

/**
 * A shift is visible to chefs. The favorites the restaurant named are texted first; an urgent shift then goes
 * to every chef of the restaurant's city who has SMS on. A chef is texted about a job once, even when it reopens,
 * except when its confirmed chef cancelled (`announce_as_urgent`): then the favorites and the chefs of the city
 * are told again, as urgent, once per reopening, leaving out the chefs who applied (the one who left included).
 */
export const onJobOpened: Handler<'jobs.job.opened.v1'> = (ctx, tx, d, event) =>
  announceOpenJob(ctx, tx, d, event);

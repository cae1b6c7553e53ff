import { Router, type RequestHandler, type Response } from 'express';
import { currentUser, uuidParam } from '@brigade/kit';
import type { calendarHttp } from '@brigade/contracts';
import type { JobsContext } from '../context';
import { FEED_PAST_DAYS, FEED_REFRESH_SECONDS } from '../domain/calendar';
import { JobsErrors } from '../domain/errors';
import {
  calendarFeedOf,
  feedCalendar,
  resetCalendarFeed,
  shiftCalendar,
  type FeedLink,
} from '../use-cases/calendar';

const ICS_TYPE = 'text/calendar; charset=utf-8';

function sendIcs(res: Response, ics: string, disposition: string, cache: string) {
  res.set({
    'content-type': ICS_TYPE,
    'content-disposition': disposition,
    'cache-control': cache,
    'x-robots-tag': 'noindex',
  });
  res.send(ics);
}

const present = (link: FeedLink): calendarHttp.CalendarFeedResponse => ({
  feed: {
    url: link.url,
    created_at: link.created_at.toISOString(),
    past_days: FEED_PAST_DAYS,
    refresh_seconds: FEED_REFRESH_SECONDS,
  },
});

/**
 * Calendar (issue 20): one confirmed shift as an .ics file, the user's private feed link (made on first use,
 * reset on request), and the feed itself, which calendar apps fetch with no session: the secret in its URL is the
 * key (the gateway lets `/calendar/{token}.ics` through without a token, rate limited).
 */
export function calendarRouter(ctx: JobsContext, auth: RequestHandler): Router {
  const router = Router();

  router.get('/jobs/:id/calendar.ics', auth, async (req, res) => {
    const user = currentUser(req);
    const jobId = uuidParam(req, 'id', JobsErrors.jobNotFound().message, 'JOBS.JOB_NOT_FOUND');
    const { ics, shift } = await shiftCalendar(ctx, user, jobId);
    const day = shift.start_time.toISOString().slice(0, 10);
    sendIcs(res, ics, `attachment; filename="brigade-shift-${day}.ics"`, 'private, no-store');
  });

  router.get('/calendar/feed', auth, async (req, res) => {
    res.json(present(await calendarFeedOf(ctx, currentUser(req))));
  });

  router.post('/calendar/feed/reset', auth, async (req, res) => {
    res.json(present(await resetCalendarFeed(ctx, currentUser(req))));
  });

  router.get('/calendar/:token.ics', async (req, res) => {
    const ics = await feedCalendar(ctx, String(req.params.token));
    sendIcs(res, ics, 'inline; filename="brigade-shifts.ics"', 'private, max-age=300');
  });

  return router;
}

import { z } from 'zod';
import { IsoDateTime, type RouteDoc } from '../common';

// Calendar (issue 20): "Add to calendar" for a confirmed shift, and each user's private feed of confirmed shifts
// (an iCalendar URL with a secret token, fetched by calendar apps without a session). Answered by jobs.

/** The user's private feed: its URL (with the secret token; a reset replaces it) and when it was made. */
export const CalendarFeed = z.object({
  url: z.string().url(),
  created_at: IsoDateTime,
  /** How many days of past shifts the feed keeps, and how often calendar apps are asked to refresh it. */
  past_days: z.number().int().positive(),
  refresh_seconds: z.number().int().positive(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;
export const CalendarFeedResponse = z.object({ feed: CalendarFeed });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponse>;

/** The calendar routes (paths under /api), for the OpenAPI document. */
export const calendarRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/jobs/{id}/calendar.ics',
    summary:
      'A confirmed shift as an iCalendar file (its restaurant or its confirmed chef; another user 404, a chef who only applied 403, nobody confirmed 409)',
    auth: 'user',
    fileTypes: ['text/calendar'],
  },
  {
    method: 'get',
    path: '/calendar/feed',
    summary: "The user's private calendar feed (its secret URL), made on first use",
    auth: 'user',
    response: CalendarFeedResponse,
  },
  {
    method: 'post',
    path: '/calendar/feed/reset',
    summary: 'A new secret feed URL; the old one answers 404 from now on',
    auth: 'user',
    response: CalendarFeedResponse,
  },
  {
    method: 'get',
    path: '/calendar/{token}.ics',
    summary:
      "A user's feed (no session: the token in the URL is the key): confirmed shifts from 30 days ago on; unknown or reset token 404",
    auth: 'public',
    fileTypes: ['text/calendar'],
  },
];

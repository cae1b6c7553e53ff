import type { calendarHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Calendar (issue 20): the private feed link (Settings) and one confirmed shift as an .ics file (job page).
// Shapes from the contracts (z.infer), never re-declared here.
export type CalendarFeed = calendarHttp.CalendarFeed;
export type CalendarFeedResponse = calendarHttp.CalendarFeedResponse;

/** The .ics text on success; an error's JSON body (its `code`) when the server refused. */
const textOrJson = (response: Response) =>
  (response.headers.get('content-type') ?? '').includes('json') ? response.json() : response.text();

export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The private feed's URL, made on first use. */
    calendarFeed: build.query<CalendarFeedResponse, void>({
      query: () => '/calendar/feed',
    }),
    /** A new link; the old one stops working. The answer replaces the cached feed (its URL shown). */
    resetCalendarFeed: build.mutation<CalendarFeedResponse, void>({
      query: () => ({ url: '/calendar/feed/reset', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(calendarApi.util.upsertQueryData('calendarFeed', undefined, data));
      },
    }),
    /** One confirmed shift as iCalendar text (the shift's restaurant or its confirmed chef). */
    shiftCalendar: build.query<string, string>({
      query: (jobId) => ({
        url: `/jobs/${encodeURIComponent(jobId)}/calendar.ics`,
        responseHandler: textOrJson,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

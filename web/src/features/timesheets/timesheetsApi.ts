import type { timesheetsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 34, the working day: the time clock and the timesheet of one application (the chef's or its restaurant's).
// Request and response shapes come from the contracts (contracts/src/http/timesheets.ts), never re-declared here.
export type Timesheet = timesheetsHttp.Timesheet;
export type TimesheetPay = timesheetsHttp.TimesheetPay;
export type TimesheetEvent = timesheetsHttp.TimesheetEvent;
export type TimesheetStatus = Timesheet['status'];
export type TimesheetResponse = timesheetsHttp.TimesheetResponse;
export type TimesheetQuoteResponse = timesheetsHttp.TimesheetQuoteResponse;
export type ClockInRequest = timesheetsHttp.ClockInRequest;
export type ClockOutRequest = timesheetsHttp.ClockOutRequest;
export type AdjustTimesheetRequest = timesheetsHttp.AdjustTimesheetRequest;
/** The quote's query as the screen sends it (the break as a number; the server reads query strings). */
export interface TimesheetQuoteArgs {
  id: string;
  clock_in_at: string;
  clock_out_at: string;
  break_minutes: number;
}

const enc = encodeURIComponent;
const base = api.enhanceEndpoints({ addTagTypes: ['Timesheet'] });
/** Every change to a timesheet refreshes it and the job pages that show it (status, money). */
const changed = (id: string) => [{ type: 'Timesheet' as const, id }, 'Jobs' as const, 'JobPayment' as const];

export const timesheetsApi = base.injectEndpoints({
  endpoints: (build) => ({
    timesheet: build.query<TimesheetResponse, string>({
      query: (id) => `/applications/${enc(id)}/timesheet`,
      providesTags: (_r, _e, id) => [{ type: 'Timesheet', id }],
    }),
    /** The restaurant's preview: the pay block the times would give, from the server (the figures that move). */
    timesheetQuote: build.query<TimesheetQuoteResponse, TimesheetQuoteArgs>({
      query: ({ id, ...params }) => ({ url: `/applications/${enc(id)}/timesheet/quote`, params }),
      keepUnusedDataFor: 0,
    }),
    clockIn: build.mutation<TimesheetResponse, { id: string } & ClockInRequest>({
      query: ({ id, ...body }) => ({ url: `/applications/${enc(id)}/clock-in`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    clockOut: build.mutation<TimesheetResponse, { id: string } & ClockOutRequest>({
      query: ({ id, ...body }) => ({ url: `/applications/${enc(id)}/clock-out`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    runningLate: build.mutation<unknown, { id: string; minutes: number }>({
      query: ({ id, minutes }) => ({
        url: `/applications/${enc(id)}/running-late`,
        method: 'POST',
        body: { minutes },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Timesheet', id }],
    }),
    approveTimesheet: build.mutation<TimesheetResponse, string>({
      query: (id) => ({ url: `/applications/${enc(id)}/timesheet/approve`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => changed(id),
    }),
    adjustTimesheet: build.mutation<TimesheetResponse, { id: string } & AdjustTimesheetRequest>({
      query: ({ id, ...body }) => ({
        url: `/applications/${enc(id)}/timesheet/adjust`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    acceptTimesheet: build.mutation<TimesheetResponse, string>({
      query: (id) => ({ url: `/applications/${enc(id)}/timesheet/accept`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => changed(id),
    }),
    disputeTimesheet: build.mutation<TimesheetResponse, { id: string; statement: string }>({
      query: ({ id, statement }) => ({
        url: `/applications/${enc(id)}/timesheet/dispute`,
        method: 'POST',
        body: { statement },
      }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    sendHome: build.mutation<TimesheetResponse, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({
        url: `/applications/${enc(id)}/send-home`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: (_r, _e, { id }) => changed(id),
    }),
    markNoShow: build.mutation<TimesheetResponse, string>({
      query: (id) => ({ url: `/applications/${enc(id)}/no-show`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => changed(id),
    }),
  }),
});

/** How often a page re-reads a timesheet the other side may still change. */
const TIMESHEET_POLL_MS = 30_000;
const SETTLED: ReadonlyArray<TimesheetStatus> = ['approved', 'auto_approved', 'resolved', 'sent_home'];

/**
 * A timesheet that follows the other side: the restaurant sees the clock-in and the clock-out come, the chef the
 * restaurant's answer or a no-show, without a reload (none yet, a 404, is re-read too). A settled one is not.
 */
export function useLiveTimesheet(applicationId: string) {
  const query = timesheetsApi.useTimesheetQuery(applicationId);
  const settled = !!query.data && SETTLED.includes(query.data.timesheet.status);
  timesheetsApi.useTimesheetQuery(applicationId, { skip: settled, pollingInterval: TIMESHEET_POLL_MS });
  return query;
}

/** Timesheets the clock has left behind: the money waits on the restaurant's answer (or an operator's). */
const AFTER_CLOCK_OUT: ReadonlyArray<TimesheetStatus> = ['submitted', 'adjusted', 'disputed'];

/**
 * The timesheet of a shift's confirmed seat once the chef has clocked (null before, or without one): such a
 * shift is paid by its hours, so the checkout deadline and "held until checkout" no longer say what happens.
 * The same cached query the day's card polls (no request of its own once that card has asked).
 */
export function useClockedTimesheet(applicationId: string | null): {
  timesheet: Timesheet | null;
  /** clocked out and not settled yet: the timesheet's pay is what the hours come to, still held */
  awaitingAnswer: boolean;
} {
  const query = timesheetsApi.useTimesheetQuery(applicationId ?? '', { skip: !applicationId });
  const timesheet = applicationId ? (query.data?.timesheet ?? null) : null;
  if (!timesheet || timesheet.status === 'not_started') return { timesheet: null, awaitingAnswer: false };
  return { timesheet, awaitingAnswer: AFTER_CLOCK_OUT.includes(timesheet.status) };
}

import type { z } from 'zod';
import type { opsHttp, timesheetsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Request and response shapes of the console come from the contracts (z.infer), never re-declared here.
export type OpsDispute = opsHttp.OpsDispute;
export type OpsDisputeSummary = opsHttp.OpsDisputeSummary;
export type DisputesResponse = z.infer<typeof opsHttp.DisputesResponse>;
export type DisputeResponse = z.infer<typeof opsHttp.DisputeResponse>;
export type ResolveDisputeRequest = z.input<typeof opsHttp.ResolveDisputeRequest>;
/** Issue 34: an hours dispute is decided in worked minutes (the same path, the other body). */
export type ResolveHoursDisputeRequest = timesheetsHttp.ResolveHoursDisputeRequest;
export type OpsMessagesResponse = z.infer<typeof opsHttp.OpsMessagesResponse>;
export type OpsMessage = z.infer<typeof opsHttp.OpsMessage>;
export type OpsLedgerResponse = z.infer<typeof opsHttp.OpsLedgerResponse>;
export type LedgerSeat = z.infer<typeof opsHttp.LedgerSeat>;
export type TimelineResponse = z.infer<typeof opsHttp.TimelineResponse>;
export type TimelineEntry = opsHttp.TimelineEntry;
export type AuditResponse = z.infer<typeof opsHttp.AuditResponse>;
export type AuditQuery = z.input<typeof opsHttp.AuditQuery>;
export type AuditEntry = opsHttp.AuditEntry;
export type OpsUser = opsHttp.OpsUser;
export type UsersResponse = z.infer<typeof opsHttp.UsersResponse>;
export type UserDetailResponse = z.infer<typeof opsHttp.UserDetailResponse>;
export type SuspendRequest = z.input<typeof opsHttp.SuspendRequest>;
export type ReinstateRequest = z.input<typeof opsHttp.ReinstateRequest>;
export type OpsUserResponse = z.infer<typeof opsHttp.OpsUserResponse>;
export type DeadLettersResponse = z.infer<typeof opsHttp.DeadLettersResponse>;
export type DeadLetterQueue = DeadLettersResponse['queues'][number];
export type RedriveRequest = z.input<typeof opsHttp.RedriveRequest>;
export type RedriveResponse = z.infer<typeof opsHttp.RedriveResponse>;
export type AnomaliesResponse = z.infer<typeof opsHttp.AnomaliesResponse>;
export type OpsOperator = opsHttp.OpsOperator;
export type OperatorsResponse = z.infer<typeof opsHttp.OperatorsResponse>;
export type AddOperatorRequest = z.input<typeof opsHttp.AddOperatorRequest>;
export type AddOperatorResponse = z.infer<typeof opsHttp.AddOperatorResponse>;
export type OpsOperatorResponse = z.infer<typeof opsHttp.OpsOperatorResponse>;

const enc = encodeURIComponent;

const opsBase = api.enhanceEndpoints({
  addTagTypes: ['OpsDisputes', 'OpsUsers', 'OpsDeadLetters', 'OpsAudit', 'OpsJob'],
});

export const opsApi = opsBase.injectEndpoints({
  endpoints: (build) => ({
    disputes: build.query<DisputesResponse, void>({
      query: () => '/ops/disputes',
      providesTags: ['OpsDisputes'],
    }),
    /** A case file: the seat's named by `seatNo` (issue 35), else the dispute that stands for the job. */
    dispute: build.query<DisputeResponse, { jobId: string; seatNo?: number }>({
      query: ({ jobId, seatNo }) => ({
        url: `/ops/disputes/${enc(jobId)}`,
        params: seatNo === undefined ? undefined : { seat_no: seatNo },
      }),
      providesTags: (_r, _e, { jobId }) => [{ type: 'OpsDisputes', id: jobId }],
    }),
    /** A further page of a case file's statements (the seat's): the case file again, `statements` after `after`. */
    disputeStatements: build.query<DisputeResponse, { jobId: string; seatNo?: number; after: string }>({
      query: ({ jobId, seatNo, after }) => ({
        url: `/ops/disputes/${enc(jobId)}`,
        params: seatNo === undefined ? { after } : { after, seat_no: seatNo },
      }),
      providesTags: (_r, _e, { jobId }) => [{ type: 'OpsDisputes', id: jobId }],
    }),
    resolveDispute: build.mutation<DisputeResponse, { jobId: string } & ResolveDisputeRequest>({
      query: ({ jobId, ...body }) => ({ url: `/ops/disputes/${enc(jobId)}/resolve`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { jobId }) => ['OpsDisputes', 'OpsAudit', { type: 'OpsJob', id: jobId }],
    }),
    resolveHoursDispute: build.mutation<DisputeResponse, { jobId: string } & ResolveHoursDisputeRequest>({
      query: ({ jobId, ...body }) => ({ url: `/ops/disputes/${enc(jobId)}/resolve`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { jobId }) => ['OpsDisputes', 'OpsAudit', { type: 'OpsJob', id: jobId }],
    }),
    jobMessages: build.query<OpsMessagesResponse, string>({
      query: (jobId) => `/ops/jobs/${enc(jobId)}/messages`,
    }),
    jobLedger: build.query<OpsLedgerResponse, string>({
      query: (jobId) => `/ops/jobs/${enc(jobId)}/ledger`,
      providesTags: (_r, _e, jobId) => [{ type: 'OpsJob', id: jobId }],
    }),
    jobTimeline: build.query<TimelineResponse, string>({
      query: (jobId) => `/ops/jobs/${enc(jobId)}/timeline`,
      providesTags: (_r, _e, jobId) => [{ type: 'OpsJob', id: jobId }],
    }),
    users: build.query<UsersResponse, string>({
      query: (q) => ({ url: '/ops/users', params: { q } }),
      providesTags: ['OpsUsers'],
    }),
    user: build.query<UserDetailResponse, string>({
      query: (userId) => `/ops/users/${enc(userId)}`,
      providesTags: ['OpsUsers'],
    }),
    suspendUser: build.mutation<OpsUserResponse, { userId: string } & SuspendRequest>({
      query: ({ userId, ...body }) => ({ url: `/ops/users/${enc(userId)}/suspend`, method: 'POST', body }),
      invalidatesTags: ['OpsUsers', 'OpsAudit'],
    }),
    reinstateUser: build.mutation<OpsUserResponse, { userId: string } & ReinstateRequest>({
      query: ({ userId, ...body }) => ({
        url: `/ops/users/${enc(userId)}/reinstate`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['OpsUsers', 'OpsAudit'],
    }),
    deadLetters: build.query<DeadLettersResponse, void>({
      query: () => '/ops/dead-letters',
      providesTags: ['OpsDeadLetters'],
    }),
    redrive: build.mutation<RedriveResponse, RedriveRequest>({
      query: (body) => ({ url: '/ops/dead-letters/redrive', method: 'POST', body }),
      invalidatesTags: ['OpsDeadLetters', 'OpsAudit'],
    }),
    anomalies: build.query<AnomaliesResponse, void>({
      query: () => '/ops/anomalies',
    }),
    audit: build.query<AuditResponse, AuditQuery>({
      query: (params) => ({ url: '/ops/audit', params }),
      providesTags: ['OpsAudit'],
    }),
    // Operators (issue 33, admins only): operators are users, so suspending one refreshes the list too.
    operators: build.query<OperatorsResponse, void>({
      query: () => '/ops/operators',
      providesTags: ['OpsUsers'],
    }),
    addOperator: build.mutation<AddOperatorResponse, AddOperatorRequest>({
      query: (body) => ({ url: '/ops/operators', method: 'POST', body }),
      invalidatesTags: ['OpsUsers', 'OpsAudit'],
    }),
    removeOperator: build.mutation<OpsOperatorResponse, string>({
      query: (operatorId) => ({ url: `/ops/operators/${enc(operatorId)}`, method: 'DELETE' }),
      invalidatesTags: ['OpsUsers', 'OpsAudit'],
    }),
  }),
});

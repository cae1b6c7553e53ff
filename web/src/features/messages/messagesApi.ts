import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { messagingHttp } from '@brigade/contracts';
import type { z } from 'zod';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type Message = messagingHttp.Message;
export type Conversation = messagingHttp.Conversation;
export type ConversationsResponse = z.infer<typeof messagingHttp.ConversationsResponse>;
export type ThreadResponse = messagingHttp.ThreadResponse;
export type SendMessageResponse = z.infer<typeof messagingHttp.SendMessageResponse>;
export type SendApplicationMessageRequest = z.input<typeof messagingHttp.SendApplicationMessageRequest>;
export type SendJobMessageRequest = z.input<typeof messagingHttp.SendJobMessageRequest>;
export type TranslationStatusResponse = messagingHttp.TranslationStatusResponse;

/** A thread: one application's, or a job's (restaurants name the chef). */
export type ThreadTarget = { applicationId: string } | { jobId: string; chefId?: string };

export interface ThreadPage {
  messages: Message[];
  /** 304: nothing new since the last page. */
  notModified: boolean;
  etag: string | null;
  application_id?: ThreadResponse['application_id'];
}

export function threadKey(target: ThreadTarget | null): string {
  if (!target) return '';
  return 'applicationId' in target ? `a:${target.applicationId}` : `j:${target.jobId}:${target.chefId ?? ''}`;
}

function threadUrl(target: ThreadTarget): string {
  return 'applicationId' in target
    ? `/messages/application/${encodeURIComponent(target.applicationId)}`
    : `/messages/job/${encodeURIComponent(target.jobId)}`;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Which translator the messaging service runs (picked when it starts): fetched once a session, kept for an
     * hour, never polled. The screens promise automatic translation only when one is active.
     */
    translationStatus: build.query<TranslationStatusResponse, void>({
      query: () => '/messages/translation',
      keepUnusedDataFor: 3600,
    }),
    conversations: build.query<ConversationsResponse, void>({
      query: () => '/messages/conversations',
      providesTags: ['Conversations'],
    }),
    /**
     * One page of a thread: everything (no `since`) or only what came after the message `since`; with the
     * previous answer's ETag an unchanged thread is a 304 (`notModified`). Reading marks the thread read.
     */
    threadPage: build.mutation<
      ThreadPage,
      { target: ThreadTarget; since?: string | null; etag?: string | null }
    >({
      async queryFn({ target, since, etag }, _api, _extra, baseQuery) {
        const params: Record<string, string> = {};
        if (since) params.since = since;
        if (!('applicationId' in target) && target.chefId) params.chef_id = target.chefId;
        const res = await baseQuery({
          url: threadUrl(target),
          params,
          headers: etag ? { 'if-none-match': etag } : {},
        });
        if (res.error) {
          if (res.error.status === 304)
            return { data: { messages: [], notModified: true, etag: etag ?? null } };
          return { error: res.error as FetchBaseQueryError };
        }
        const data = res.data as ThreadResponse;
        const meta = res.meta as FetchBaseQueryMeta | undefined;
        return {
          data: {
            messages: data.messages ?? [],
            application_id: data.application_id,
            notModified: false,
            etag: meta?.response?.headers.get('etag') ?? null,
          },
        };
      },
      // New messages were read: the unread counts change.
      invalidatesTags: (result) =>
        result && !result.notModified && result.messages.length > 0 ? ['Conversations'] : [],
    }),
    /**
     * Send a message with the client's own id for it: a retry sends the same id, and the server stores the
     * message once however many copies arrive (issue 32).
     */
    sendMessage: build.mutation<
      SendMessageResponse,
      { target: ThreadTarget; text: string; clientId: string }
    >({
      query: ({ target, text, clientId }) =>
        'applicationId' in target
          ? {
              url: threadUrl(target),
              method: 'POST',
              body: { message: text, client_id: clientId } satisfies SendApplicationMessageRequest,
            }
          : {
              url: threadUrl(target),
              method: 'POST',
              body: {
                content: text,
                client_id: clientId,
                ...(target.chefId ? { chef_id: target.chefId } : {}),
              } satisfies SendJobMessageRequest,
            },
      invalidatesTags: ['Conversations'],
    }),
  }),
});

/** Whether messages are translated (false while unknown, or when the service does not say). */
export function useTranslatorActive(): boolean {
  const { data } = messagesApi.useTranslationStatusQuery(undefined, { refetchOnMountOrArgChange: false });
  return !!data && data.provider !== 'none' && data.pairs.length > 0;
}

import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../../app/api';

export interface Message {
  id: string;
  job_id: string;
  sender_id: string;
  content: string;
  message_text?: string;
  original_content?: string;
  created_at: string;
  is_from_current_user: boolean;
  was_translated: boolean;
  original_language: string;
}

export interface Conversation {
  job_id: string;
  application_id: string;
  application_status?: string;
  chef_id: string;
  restaurant_id?: string;
  job_title: string;
  restaurant_name: string | null;
  chef_name?: string | null;
  other_party_name?: string | null;
  latest_message: { content: string; created_at: string } | null;
  unread_count: number;
}

/** A thread: one application's, or a job's (restaurants name the chef). */
export type ThreadTarget = { applicationId: string } | { jobId: string; chefId?: string };

export interface ThreadPage {
  messages: Message[];
  /** 304: nothing new since the last page. */
  notModified: boolean;
  etag: string | null;
  application_id?: string;
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
    conversations: build.query<{ conversations: Conversation[] }, void>({
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
        const data = res.data as { messages: Message[]; application_id?: string };
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
    sendMessage: build.mutation<{ message: Message }, { target: ThreadTarget; text: string }>({
      query: ({ target, text }) =>
        'applicationId' in target
          ? { url: threadUrl(target), method: 'POST', body: { message: text } }
          : {
              url: threadUrl(target),
              method: 'POST',
              body: { content: text, ...(target.chefId ? { chef_id: target.chefId } : {}) },
            },
      invalidatesTags: ['Conversations'],
    }),
  }),
});

import type { notificationsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 40's inbox: every notification sent to the person, and the bell's unread count. Shapes from the contracts.
export type InboxEntry = notificationsHttp.InboxEntry;
export type InboxPage = notificationsHttp.InboxPage;

export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadNotifications: build.query<notificationsHttp.UnreadCount, void>({
      query: () => '/notifications/unread-count',
      providesTags: ['Inbox'],
    }),
    inbox: build.query<InboxPage, { before?: string } | void>({
      query: (args) => ({
        url: '/notifications',
        params: args?.before ? { before: args.before } : undefined,
      }),
      providesTags: ['Inbox'],
    }),
    readNotification: build.mutation<notificationsHttp.UnreadCount, string>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'POST' }),
      invalidatesTags: ['Inbox'],
    }),
    readAllNotifications: build.mutation<notificationsHttp.UnreadCount, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Inbox'],
    }),
    // An email's unsubscribe link (public: the page works signed out too).
    unsubscribe: build.mutation<notificationsHttp.UnsubscribeResponse, string>({
      query: (token) => ({ url: '/notifications/unsubscribe', method: 'POST', params: { token } }),
      invalidatesTags: ['NotificationPrefs'],
    }),
  }),
});

import type { notificationsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type NotificationPreferences = notificationsHttp.NotificationPreferences;
/** PUT takes any subset of the toggles; the settings screen sends all three. */
export type UpdatePreferencesRequest = notificationsHttp.UpdatePreferencesRequest;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  sms_notifications: true,
  job_reminders: true,
  rating_reminders: true,
};

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/notifications/preferences',
      providesTags: ['NotificationPrefs'],
    }),
    saveNotificationPreferences: build.mutation<
      NotificationPreferences,
      NotificationPreferences & UpdatePreferencesRequest
    >({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('notificationPreferences', undefined, () => body),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

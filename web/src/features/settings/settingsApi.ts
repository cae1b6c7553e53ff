import { api } from '../../app/api';

export interface NotificationPreferences {
  sms_notifications: boolean;
  job_reminders: boolean;
  rating_reminders: boolean;
}

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
    saveNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
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

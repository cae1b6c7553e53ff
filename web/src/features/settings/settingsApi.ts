import { DEFAULT_CHANNELS, type notificationsHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Request and response shapes come from the contracts (z.infer), never re-declared here.
export type NotificationPreferences = notificationsHttp.NotificationPreferences;
/** PUT takes any subset of the toggles and channels; the screen sends the one switch that changed. */
export type UpdatePreferencesRequest = notificationsHttp.UpdatePreferencesRequest;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  sms_notifications: true,
  job_reminders: true,
  rating_reminders: true,
  channels: DEFAULT_CHANNELS,
};

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/notifications/preferences',
      providesTags: ['NotificationPrefs'],
    }),
    saveNotificationPreferences: build.mutation<NotificationPreferences, UpdatePreferencesRequest>({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        // Shown at once: the switch that changed, over what the screen has (a type's other switches kept).
        const patch = dispatch(
          settingsApi.util.updateQueryData('notificationPreferences', undefined, (draft) => {
            const { channels, ...toggles } = body;
            Object.assign(
              draft,
              Object.fromEntries(Object.entries(toggles).filter(([, v]) => v !== undefined)),
            );
            for (const [type, change] of Object.entries(channels ?? {}))
              Object.assign(draft.channels[type as keyof typeof draft.channels], change);
          }),
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

import { api } from '../../shared/api';

// Issue 40's web push, the server's side of a device: the VAPID public key to subscribe with, and this device's
// subscription kept (the browser's PushSubscription.toJSON() as it comes) or removed (by its endpoint).

/** `PushSubscription.toJSON()`: the contract, sent as the browser gives it. */
export interface PushSubscriptionBody {
  endpoint?: string;
  expirationTime?: number | null;
  keys?: Record<string, string>;
}

export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<{ public_key: string }, void>({
      query: () => '/notifications/push/key',
    }),
    addPushSubscription: build.mutation<unknown, PushSubscriptionBody>({
      query: (body) => ({ url: '/notifications/push/subscriptions', method: 'POST', body }),
    }),
    removePushSubscription: build.mutation<unknown, { endpoint: string }>({
      query: (body) => ({ url: '/notifications/push/subscriptions', method: 'DELETE', body }),
    }),
  }),
});

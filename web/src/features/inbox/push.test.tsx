import { afterEach, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CHANNELS } from '@brigade/contracts';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';
import { makeStore } from '../../app/store';
import { readStoredSession } from '../../shared/session/session';
import { signOut } from '../auth';
import { restoreSession } from '../auth/authThunks';

// Issue 40: "Push notifications on this device" in Settings > Notifications, and sign-out removing this device's
// subscription. jsdom has no service worker, Push API or notifications: the browser's side is a stand-in below
// (its objects as the browser gives them); the app's code and the API calls are the real ones.

// A VAPID public key as the server gives it (base64url of 65 bytes, an uncompressed P-256 point).
const PUBLIC_KEY = 'BGGDUgxJCkfB-yPnmW2fXY5hBzoBaoBlYMwDLAWU68bOdlGHYJaWVypXVi1b5-oqHl5IY6Iblmn_ZgUvACEHbec';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH-device-1';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

type Permission = 'default' | 'granted' | 'denied';

/** The browser's push, as a test sets it: permission, an existing subscription, what the prompt answers. */
function browserPush(
  o: { permission?: Permission; subscribed?: boolean; answer?: Permission; subscribeFails?: boolean } = {},
) {
  const unsubscribe = jest.fn(async () => {
    state.subscription = null;
    return true;
  });
  const subscription = {
    endpoint: ENDPOINT,
    expirationTime: null,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe,
  };
  const state = {
    permission: o.permission ?? (o.subscribed ? 'granted' : 'default'),
    subscription: o.subscribed ? subscription : (null as typeof subscription | null),
    subscribed: [] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[],
    asked: 0,
    unsubscribe,
  };
  const pushManager = {
    getSubscription: async () => state.subscription,
    subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      state.subscribed.push(options);
      if (o.subscribeFails)
        throw new DOMException('Registration failed - push service not available', 'AbortError');
      state.subscription = subscription;
      return subscription;
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: {
      get permission() {
        return state.permission;
      },
      requestPermission: async () => {
        state.asked++;
        state.permission = o.answer ?? 'granted';
        return state.permission;
      },
    },
  });
  return state;
}

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  delete (window as unknown as Record<string, unknown>).PushManager;
  delete (window as unknown as Record<string, unknown>).Notification;
});

async function openNotifications(o: { key?: boolean } = {}) {
  signedIn('chef');
  fakeApi.on('GET', '/notifications/preferences', {
    body: {
      sms_notifications: true,
      job_reminders: true,
      rating_reminders: true,
      channels: DEFAULT_CHANNELS,
    },
  });
  if (o.key !== false) fakeApi.on('GET', '/notifications/push/key', { body: { public_key: PUBLIC_KEY } });
  renderApp('/settings');
  await userEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
  await screen.findByRole('heading', { name: 'Push notifications on this device' });
}

/** Turn on, once the server's key has come (it stays disabled until then). */
async function turnOn() {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Turn on' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

test('a browser without web push says so and offers nothing to turn on', async () => {
  await openNotifications();
  expect(screen.getByText('Push notifications are not available on this browser.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  expect(fakeApi.callsTo('GET', '/notifications/push/key')).toHaveLength(0);
  // the rest of the tab is there as always
  expect(screen.getByRole('switch', { name: 'SMS Notifications' })).toBeTruthy();
});

test('notifications blocked in the browser: it says how to allow them', async () => {
  browserPush({ permission: 'denied' });
  await openNotifications();
  expect(await screen.findByText('Notifications from Brigade are blocked in this browser.')).toBeTruthy();
  expect(screen.getByText(/open the site settings .* set Notifications to Allow/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
});

test("Turn on asks the browser, subscribes with the server's key and sends the subscription as it comes", async () => {
  const push = browserPush();
  fakeApi.on('POST', '/notifications/push/subscriptions', { status: 201, body: {} });
  await openNotifications();
  await screen.findByText(/^Off\./);
  await userEvent.click(await turnOn());
  expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
  expect(push.asked).toBe(1);
  expect(push.subscribed).toHaveLength(1);
  expect(push.subscribed[0].userVisibleOnly).toBe(true);
  const key = push.subscribed[0].applicationServerKey;
  expect(key).toHaveLength(65);
  expect(Buffer.from(key).toString('base64url')).toBe(PUBLIC_KEY);
  const posted = fakeApi.callsTo('POST', '/notifications/push/subscriptions');
  expect(posted).toHaveLength(1);
  expect(posted[0].body).toEqual(SUBSCRIPTION_JSON);
  expect(posted[0].authorization).toMatch(/^Bearer /);
  expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();
  expect(screen.getByText(/^On\./)).toBeTruthy();
});

test('Turn off removes the subscription on the server by its endpoint, then in the browser', async () => {
  const push = browserPush({ subscribed: true });
  fakeApi.on('DELETE', '/notifications/push/subscriptions', { status: 204 });
  await openNotifications();
  await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
  expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy();
  const deleted = fakeApi.callsTo('DELETE', '/notifications/push/subscriptions');
  expect(deleted).toHaveLength(1);
  expect(deleted[0].body).toEqual({ endpoint: ENDPOINT });
  expect(push.unsubscribe).toHaveBeenCalledTimes(1);
  expect(await screen.findByRole('button', { name: 'Turn on' })).toBeTruthy();
});

test('a server without push (the key is not found) says it is not available right now', async () => {
  browserPush();
  await openNotifications({ key: false });
  expect(
    await screen.findByText('Push notifications are not available right now. Try again later.'),
  ).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Turn on' }) as HTMLButtonElement).disabled).toBe(true);
});

test("the browser's push service failing is said, and nothing is sent", async () => {
  const push = browserPush({ subscribeFails: true });
  await openNotifications();
  await userEvent.click(await turnOn());
  expect(
    await screen.findByText('This browser could not turn on push notifications. Try again later.'),
  ).toBeTruthy();
  expect(push.subscribed).toHaveLength(1);
  expect(fakeApi.callsTo('POST', '/notifications/push/subscriptions')).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
});

test("a refused subscription shows the server's reason and leaves the browser unsubscribed", async () => {
  const push = browserPush();
  fakeApi.on('POST', '/notifications/push/subscriptions', {
    status: 400,
    body: { error: 'This push service is not one Brigade sends to', code: 'NOTIFICATIONS.PUSH_HOST' },
  });
  await openNotifications();
  await userEvent.click(await turnOn());
  expect(await screen.findByText('This push service is not one Brigade sends to')).toBeTruthy();
  expect(push.unsubscribe).toHaveBeenCalledTimes(1);
  expect(push.subscription).toBeNull();
  expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
});

test('a dismissed prompt leaves it off and says it can be asked again', async () => {
  const push = browserPush({ answer: 'default' });
  await openNotifications();
  await userEvent.click(await turnOn());
  expect(await screen.findByText(/Notifications were not allowed/)).toBeTruthy();
  expect(push.subscribed).toHaveLength(0);
});

test('a denial at the prompt shows how to allow them', async () => {
  browserPush({ answer: 'denied' });
  await openNotifications();
  await userEvent.click(await turnOn());
  expect(await screen.findByText('Notifications from Brigade are blocked in this browser.')).toBeTruthy();
});

describe('sign-out', () => {
  test("removes this device's subscription on the server, signed, then in the browser, then signs out", async () => {
    const push = browserPush({ subscribed: true });
    signedIn('chef');
    fakeApi.on('DELETE', '/notifications/push/subscriptions', { status: 204 });
    fakeApi.on('POST', '/auth/signout', { body: { message: 'Signed out' } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    await store.dispatch(signOut());
    const deleted = fakeApi.callsTo('DELETE', '/notifications/push/subscriptions');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].body).toEqual({ endpoint: ENDPOINT });
    expect(deleted[0].authorization).toMatch(/^Bearer /);
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    const order = fakeApi.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('DELETE /notifications/push/subscriptions')).toBeLessThan(
      order.indexOf('POST /auth/signout'),
    );
    expect(store.getState().auth.session).toBeNull();
    expect(readStoredSession()).toBeNull();
  });

  test('a failed removal never stands in the way', async () => {
    browserPush({ subscribed: true });
    signedIn('chef');
    fakeApi.on('DELETE', '/notifications/push/subscriptions', { status: 500, body: { error: 'down' } });
    fakeApi.on('POST', '/auth/signout', { body: { message: 'Signed out' } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    await store.dispatch(signOut());
    expect(fakeApi.callsTo('POST', '/auth/signout')).toHaveLength(1);
    expect(store.getState().auth.session).toBeNull();
  });

  test('with no subscription (or no web push) it only signs out', async () => {
    signedIn('chef');
    fakeApi.on('POST', '/auth/signout', { body: { message: 'Signed out' } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    await store.dispatch(signOut());
    expect(fakeApi.callsTo('DELETE', '/notifications/push/subscriptions')).toHaveLength(0);
    expect(fakeApi.callsTo('POST', '/auth/signout')).toHaveLength(1);
  });
});

import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { PUSH_SIGN_OUT_WAIT_MS } from '../../shared/constants';
import { pushApi } from './pushApi';

// This device's web push in the browser (issue 40): whether it can, its subscription, subscribing with the
// server's key and removing it. The worker that receives the pushes is src/sw.ts.

/** The browser has what web push needs: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's service worker registration, once one is registered (production builds register it). */
export async function appRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This browser's push subscription for the app, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await appRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** A VAPID key in base64url (the server's `public_key`) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Sign-out's part (best effort, never in sign-out's way): this browser's subscription is removed on the server
 * while the session still signs the call, and in the browser, so the next person on this device gets none of
 * the last one's pushes. Gives up after PUSH_SIGN_OUT_WAIT_MS.
 */
export function forgetThisDevice(): ThunkAction<Promise<void>, unknown, unknown, UnknownAction> {
  return async (dispatch) => {
    const work = (async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await dispatch(pushApi.endpoints.removePushSubscription.initiate({ endpoint: subscription.endpoint }));
      await subscription.unsubscribe();
    })().catch((err: unknown) => console.warn('Removing the push subscription at sign-out failed', err));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PUSH_SIGN_OUT_WAIT_MS);
    });
    await Promise.race([work, waited]);
    clearTimeout(timer);
  };
}

import webpush from 'web-push';
import type { PushOutcome, PushPort, PushTarget, VapidDetails } from './push-port';

/** How long a push waits at the push service for the browser (seconds), and how it is ranked. */
const TTL_SECONDS = 24 * 3600;

/**
 * Web Push through the official SDK: `web-push` builds the request (aes128gcm encryption with the subscription's
 * keys, the VAPID token, TTL, Urgency) and fetch sends it, so one path reaches real push services (https) and
 * the push sandbox (http). Each request is abandoned after `timeoutMs`.
 */
export class WebPush implements PushPort {
  constructor(private readonly timeoutMs: number) {}

  async send(target: PushTarget, payload: string, vapid: VapidDetails): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high' },
    );
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
        body: request.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300)
        return { kind: 'ok', status: res.status, location: res.headers.get('location') };
      if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
      return { kind: 'failed', error: `push service answered ${res.status}` };
    } catch (err) {
      const e = err as Error;
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
      return {
        kind: 'failed',
        error: timedOut ? `push service timed out (${this.timeoutMs} ms)` : e.message,
      };
    }
  }
}

import { randomUUID } from 'node:crypto';
import { newBrowserKeys, type BrowserKeys } from './web-push-crypto';

// The push sandbox's memory: the subscriptions it made as a browser, what was pushed to them, and the pushes it
// holds unanswered. Kept in the process only (a sandbox: a restart forgets them, as a reinstalled browser would).

/** How a subscription's endpoint answers a push: take it (201), gone (410), fail (503, try later) or hang. */
export const ANSWERS = ['accept', 'gone', 'fail', 'hang'] as const;
export type Answer = (typeof ANSWERS)[number];

export interface SandboxSubscription {
  id: string;
  endpoint: string;
  keys: BrowserKeys;
  /** The VAPID public key the browser subscribed with (`applicationServerKey`), when one was given. */
  applicationServerKey: string | null;
  answer: Answer;
  created_at: string;
}

export interface SandboxPush {
  id: string;
  subscription_id: string;
  endpoint: string;
  received_at: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The encrypted body's size in bytes. */
  bytes: number;
  /** The decrypted payload as text (what the service worker's `event.data.text()` reads), or null. */
  payload: string | null;
  decrypt_error: string | null;
  vapid: { sub: string; aud: string; key: string };
}

/** A push received while its endpoint hangs: answered when the endpoint's answer changes, or dropped. */
export interface HeldPush {
  subscriptionId: string;
  release(answer: Answer): void;
}

const KEEP = 1000;

export class PushStore {
  readonly subscriptions = new Map<string, SandboxSubscription>();
  private readonly pushes: SandboxPush[] = [];
  readonly held = new Set<HeldPush>();

  subscribe(base: string, applicationServerKey: string | null, now: Date): SandboxSubscription {
    const id = randomUUID();
    const sub: SandboxSubscription = {
      id,
      endpoint: `${base.replace(/\/$/, '')}/push/${id}`,
      keys: newBrowserKeys(),
      applicationServerKey,
      answer: 'accept',
      created_at: now.toISOString(),
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  /** Change how an endpoint answers; pushes it holds are answered the new way (unless it still hangs). */
  setAnswer(id: string, answer: Answer): SandboxSubscription | null {
    const sub = this.subscriptions.get(id);
    if (!sub) return null;
    sub.answer = answer;
    if (answer !== 'hang')
      for (const h of [...this.held])
        if (h.subscriptionId === id) {
          this.held.delete(h);
          h.release(answer);
        }
    return sub;
  }

  heldFor(id: string) {
    return [...this.held].filter((h) => h.subscriptionId === id).length;
  }

  keep(push: SandboxPush) {
    this.pushes.unshift(push);
    if (this.pushes.length > KEEP) this.pushes.length = KEEP;
  }

  outbox(query: { subscription?: string; endpoint?: string; limit?: number }) {
    return this.pushes
      .filter((p) => !query.subscription || p.subscription_id === query.subscription)
      .filter((p) => !query.endpoint || p.endpoint === query.endpoint)
      .slice(0, query.limit ?? 100);
  }

  /** Answer nothing more: every held push is dropped (its connection closed). */
  dropHeld() {
    for (const h of this.held) h.release('fail');
    this.held.clear();
  }
}

/** A subscription as the browser's `PushSubscription.toJSON()` gives it. */
export const subscriptionJson = (s: SandboxSubscription) => ({
  endpoint: s.endpoint,
  expirationTime: null,
  keys: { p256dh: s.keys.publicKey.toString('base64url'), auth: s.keys.auth.toString('base64url') },
});

/** A browser's subscription as notifications keeps it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * What a push service answered: `ok` (it took the push), `gone` (404 or 410: the subscription is no more), or
 * `failed` (anything else, a time-out included: try again later).
 */
export type PushOutcome =
  | { kind: 'ok'; status: number; location: string | null }
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; error: string };

/** The one thing notifications needs from Web Push: one encrypted message to one subscription. */
export interface PushPort {
  send(target: PushTarget, payload: string, vapid: VapidDetails): Promise<PushOutcome>;
}

import type { Express } from 'express';
import { AppError, createHttpApp, finishHttpApp, servesSandboxPages, type Logger } from '@brigade/kit';
import { browserRouter } from './browser.router';
import { loadPushSandboxConfig, type PushSandboxConfig } from './config';
import { pushServiceRouter } from './push-service.router';
import { PushStore, subscriptionJson, type Answer, type SandboxPush } from './store';

export { loadPushSandboxConfig, type PushSandboxConfig } from './config';
export { ANSWERS, type Answer, type SandboxPush } from './store';

export interface PushSandbox {
  /** `POST /push/{id}` (the push service), `/sandbox/push/...` (outside production), `/health`, `/ready`. */
  readonly app: Express;
  /** The origin its endpoints carry (PUSH_SANDBOX_PUBLIC_URL, else the address given to `start`). */
  readonly url: string;
  /** Act as a browser: a new subscription, as `PushSubscription.toJSON()` gives it. */
  subscribe(options?: { applicationServerKey?: string }): {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  /** How the subscription's endpoint answers from now on (held pushes are answered that way). */
  setAnswer(endpoint: string, answer: Answer): void;
  /** Pushes held unanswered at the endpoint (it hangs). */
  held(endpoint: string): number;
  /** Every push received, newest first, decrypted. */
  outbox(query?: { subscription?: string; endpoint?: string; limit?: number }): SandboxPush[];
  /** Learn the address it listens at (the endpoints' origin unless PUSH_SANDBOX_PUBLIC_URL is set). */
  start(options: { url: string }): Promise<void>;
  /** Drop the held pushes (their connections close). */
  stop(): Promise<void>;
}

const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);

/**
 * The push sandbox: a Web Push service of our own (sandboxes/push) that notifications reaches exactly as it
 * reaches FCM, Mozilla's or Apple's (web-push's request over fetch), and the browser on the other end, which
 * makes subscriptions and decrypts what is pushed to them. In memory: a restart forgets everything.
 */
export function createPushSandbox(
  deps: { logger: Logger; now?: () => Date },
  config: PushSandboxConfig = loadPushSandboxConfig(),
): PushSandbox {
  const now = deps.now ?? (() => new Date());
  const store = new PushStore();
  let listening = config.PUSH_SANDBOX_PUBLIC_URL ?? '';
  const origin = () => {
    if (!listening) throw new Error('push sandbox: start() it before making subscriptions');
    return new URL(listening).origin;
  };
  const app = createHttpApp({ name: 'push-sandbox', logger: deps.logger, ready: async () => {} });
  app.use(pushServiceRouter(store, { logger: deps.logger, now, origin }));
  if (servesSandboxPages(config)) app.use('/sandbox/push', browserRouter(store, { now, origin }));
  else
    app.use('/sandbox', () => {
      throw new AppError(
        404,
        'SANDBOX.NOT_IN_PRODUCTION',
        'The push sandbox does not act as a browser under NODE_ENV=production',
      );
    });
  finishHttpApp(app, deps.logger);
  const find = (endpoint: string) => {
    const id = idOf(endpoint);
    if (!store.subscriptions.has(id)) throw new Error(`push sandbox: no subscription ${endpoint}`);
    return id;
  };
  return {
    app,
    get url() {
      return origin();
    },
    subscribe(options = {}) {
      return subscriptionJson(store.subscribe(origin(), options.applicationServerKey ?? null, now()));
    },
    setAnswer(endpoint, answer) {
      store.setAnswer(find(endpoint), answer);
    },
    held: (endpoint) => store.heldFor(find(endpoint)),
    outbox: (query = {}) => store.outbox(query),
    async start(options) {
      if (!config.PUSH_SANDBOX_PUBLIC_URL) listening = options.url;
    },
    async stop() {
      store.dropHeld();
    },
  };
}

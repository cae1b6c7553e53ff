// What each setting means, in words, for the README's table (`npm run settings:table` writes it; `npm run lint`
// fails when it is stale). Which variables exist, who reads them and their defaults come from the schemas:
// scripts/settings/schemas.ts. `unset` says what an unset variable with no default means.

export const SETTING_MEANINGS: Readonly<Record<string, { meaning: string; unset?: string }>> = {
  NODE_ENV: {
    meaning:
      "`production`: HSTS; refuses sandbox providers unless `ALLOW_SANDBOX_PROVIDERS=1`; never serves the SMS outbox or the Stripe sandbox's pages",
  },
  LOG_LEVEL: { meaning: 'pino level', unset: 'info' },
  PORT: { meaning: 'listen port' },
  HOST: {
    meaning:
      'the address each process listens on (`npm start` binds the metrics server on it too; default there 127.0.0.1)',
  },
  DATABASE_URL: {
    meaning: 'PostgreSQL server and base name; service X uses `<base>_X`; `X_DATABASE_URL` overrides one',
    unset: 'PGlite',
  },
  DATABASE_POOL_SIZE: {
    meaning:
      "connections each service process keeps to its database (size it with replicas against the server's `max_connections`; 3 measured slower than 10 on two cores)",
  },
  AMQP_URL: { meaning: 'RabbitMQ', unset: 'in-process bus' },
  REDIS_URL: {
    meaning:
      "Redis for rate limits, the lists' version stamps (the gateway answers unchanged polls itself, ADR 7) and ended sessions (a signed-out session's tokens are refused everywhere within seconds, ADR 8); a service or gateway in a process of its own without it knows only the sessions it ended itself (warned at start)",
    unset: 'in-memory limiter, stamps and ended sessions',
  },
  JWKS_URL: { meaning: 'public keys of access tokens', unset: "identity's `/auth/jwks.json`" },
  OTEL_EXPORTER_OTLP_ENDPOINT: { meaning: 'OTLP/HTTP collector (Jaeger)', unset: 'tracing off' },
  METRICS_PORT: {
    meaning:
      'Prometheus metrics at `GET /metrics` on this port, a server of its own (never the public port; `npm start` binds it on `HOST`, default 127.0.0.1); names and alert rules in docs/operations.md',
    unset: 'no metrics',
  },
  BUS_NAMESPACE: {
    meaning:
      'prefix for the exchange, the queues and the Redis keys of stamps and ended sessions (several stacks on one broker and Redis)',
  },
  EVENT_RETRY_DELAYS_MS: { meaning: 'consumer retry backoff, then dead-letter' },
  PUBLIC_URL: { meaning: 'public origin: CORS, Stripe return URLs, links' },
  ALLOW_SANDBOX_PROVIDERS: {
    meaning:
      '`1`: `NODE_ENV=production` may run on sandbox providers (SMS sandbox, Stripe sandbox), e.g. a staging demo; their pages are still not served',
  },
  LEAN_GETS: {
    meaning:
      "the services' hot polled GETs (jobs' `/jobs` and `/applications`, messaging's conversations and threads) answered by a plain node:http handler in front of Express, with the same token check, query schema and answer; anything else goes to Express; 0 turns it off (ADR 19)",
  },
  IDENTITY_URL: {
    meaning: 'where the gateway reaches identity (real mode; `npm start` and compose set it)',
    unset: "the embedded runner's address",
  },
  JOBS_URL: { meaning: 'where the gateway reaches jobs', unset: "the embedded runner's address" },
  PAYMENTS_URL: { meaning: 'where the gateway reaches payments', unset: "the embedded runner's address" },
  MESSAGING_URL: { meaning: 'where the gateway reaches messaging', unset: "the embedded runner's address" },
  NOTIFICATIONS_URL: {
    meaning: 'where the gateway reaches notifications',
    unset: "the embedded runner's address",
  },
  STRIPE_SANDBOX_URL: {
    meaning:
      'the Stripe sandbox whose browser pages (card form, onboarding) the gateway shows at `/sandbox/stripe` (never in production)',
    unset: '`/sandbox/stripe` answers 404 (`npm start` sets it; compose: `http://stripe-sandbox:4010`)',
  },
  SMS_SANDBOX_URL: {
    meaning: 'the SMS sandbox whose outbox the gateway shows (never in production)',
    unset:
      '`/api/dev/sms` and `/dev/sms` answer 404 (`npm start` sets it; compose: `http://sms-sandbox:4011`)',
  },
  WEB_DIST: {
    meaning:
      'the built web app the gateway serves on the same origin (`npm start`: `web/dist` unless set, built when missing)',
    unset: 'no web app served',
  },
  UPSTREAM_TIMEOUT_MS: { meaning: 'answer 504 after this' },
  RATE_LIMIT_API_PER_MINUTE: { meaning: 'requests per signed-in user per minute' },
  RATE_LIMIT_FLUSH_MS: {
    meaning:
      'with Redis: how often the gateway sends the rate-limit hits it counted itself (one script call for all keys; a key near its limit is counted in Redis hit by hit); 0: every hit counted in Redis before it is answered',
  },
  TRUST_PROXY: { meaning: "hops trusted to set `X-Forwarded-For` (name your load balancer's addresses)" },
  REVALIDATE_MAX_AGE_MS: {
    meaning:
      "longest the gateway answers a user's unchanged poll with 304 without asking the service; 0 turns it off",
  },
  SHARED_BODIES: {
    meaning:
      "keep the current body of lists the services mark shared (the chefs' openings) and answer their 200s, compressed once; 0 turns it off (ADR 7)",
  },
  LEAN_PROXY: {
    meaning:
      "the polled GETs (applications, conversations, threads, job lists) forwarded by a plain node:http handler over undici's keep-alive pool, the service's answer written back as it comes, not Express and http-proxy-middleware; 0 turns it off (ADR 17)",
  },
  COMPRESSION: {
    meaning:
      "answers compressed for clients that accept it (brotli, else gzip; JSON and text of 1 KB or more): the API's at the fastest levels, once per answer, the lean path's in one write with its length; the web app's hashed assets as the build compressed them (`.br`, `.gz`, served whatever this says); 0 leaves the rest to a proxy in front (ADR 21)",
  },
  STRIPE_PUBLISHABLE_KEY: { meaning: 'Stripe.js in the browser', unset: 'sandbox card form' },
  ACCESS_TOKEN_TTL_SECONDS: {
    meaning: 'access token lifetime; also how long an ended session is remembered',
  },
  REFRESH_TOKEN_TTL_DAYS: { meaning: 'session lifetime' },
  VERIFICATION_CODE_TTL_SECONDS: {
    meaning:
      "lifetime of a phone code; also how long an account that asked for a code may use it (with Twilio Verify keep it no shorter than the Verify service's code lifetime)",
  },
  TWILIO_ACCOUNT_SID: {
    meaning: 'Twilio Verify for phone codes / Twilio for texts',
    unset: 'SMS sandbox with `SMS_SANDBOX=1`, else refused (some but not all set: refused)',
  },
  TWILIO_AUTH_TOKEN: {
    meaning: 'Twilio Verify for phone codes / Twilio for texts',
    unset: 'SMS sandbox with `SMS_SANDBOX=1`, else refused (some but not all set: refused)',
  },
  TWILIO_VERIFY_SERVICE_SID: {
    meaning: 'Twilio Verify for phone codes',
    unset: 'SMS sandbox with `SMS_SANDBOX=1`, else refused (some but not all set: refused)',
  },
  TWILIO_VERIFY_API_BASE_URL: {
    meaning: 'where the Twilio SDK sends Verify requests: Twilio, or the SMS sandbox',
    unset:
      "Twilio (`https://verify.twilio.com`); required with `SMS_SANDBOX=1` and no keys (`npm start` sets the sandbox's; compose: `http://sms-sandbox:4011`)",
  },
  TWILIO_TIMEOUT_MS: {
    meaning:
      "per Twilio request: identity's Verify (the person waits on the verification screen), notifications' texts (a send that takes longer is abandoned and retried after the backoff)",
  },
  SMS_SANDBOX: {
    meaning:
      "`1`: with no Twilio keys, the Twilio SDK talks to the SMS sandbox (`sandboxes/sms`) at `TWILIO_VERIFY_API_BASE_URL` / `TWILIO_API_BASE_URL` with the sandbox's credentials; its outbox is shown at `/api/dev/sms` (never in production)",
    unset: 'unset (the embedded default sets `1`)',
  },
  CHEF_SEARCH_ANSWERS: {
    meaning:
      'chef search answers kept per identity process, served while the chef search version (raised by every change to chefs, suspensions and reliability facts) is unchanged; 0 turns it off (ADR 16)',
  },
  ARGON2_MEMORY_KIB: { meaning: 'memory cost of the Argon2 password hash; lower only in tests' },
  OPERATOR_EMAIL: {
    meaning:
      'an operator account (an admin) created at start if missing, its password updated if changed, which ends its sessions',
    unset: 'no operator from the environment',
  },
  OPERATOR_SESSION_TTL: {
    meaning:
      "how long an operator's session lasts from sign-in (`12h`, `30m`, `60s`; 10 s to 30 d): refreshing never extends it and no operator access token outlives it",
    unset: '`12h`',
  },
  OPERATOR_REQUIRE_TOTP: {
    meaning:
      "`1`: every operator also signs in with a 6-digit code from an authenticator app (one without it sets it up on the login page); off: optional, from the console's account menu, Two-step login",
    unset: 'unset (off)',
  },
  OPERATOR_PASSWORD: {
    meaning:
      'an operator account (an admin) created at start if missing, its password updated if changed, which ends its sessions',
    unset: 'no operator from the environment',
  },
  S3_ENDPOINT: {
    meaning:
      "credentials' files (issue 39) in an S3-compatible store at this address (path-style: MinIO, Ceph, AWS), with `S3_BUCKET`; both or neither",
    unset: 'files on disk in `CREDENTIAL_FILES_DIR` (compose: `http://minio:9000`, its MinIO)',
  },
  S3_BUCKET: {
    meaning: "the bucket credentials' files are kept in (private: read only through 5-minute presigned URLs)",
    unset: 'files on disk in `CREDENTIAL_FILES_DIR`',
  },
  S3_REGION: { meaning: 'the region the S3 requests are signed for', unset: '`us-east-1`' },
  S3_PUBLIC_ENDPOINT: {
    meaning:
      'where browsers reach the store, when not at `S3_ENDPOINT` (a container name inside, a public host outside): presigned URLs are signed for it',
    unset: '`S3_ENDPOINT`',
  },
  S3_ACCESS_KEY_ID: {
    meaning: "the store's access key (with `S3_SECRET_ACCESS_KEY`; both or neither)",
    unset: "the AWS SDK's own chain: `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, a profile, a role",
  },
  S3_SECRET_ACCESS_KEY: {
    meaning: "the store's secret key (with `S3_ACCESS_KEY_ID`)",
    unset: "the AWS SDK's own chain: `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, a profile, a role",
  },
  S3_TIMEOUT_MS: { meaning: 'per request to the S3-compatible store (a file upload waits on it)' },
  CREDENTIAL_FILES_DIR: {
    meaning:
      "where identity keeps credentials' files without S3 (read through identity's signed 5-minute URLs); one process's disk, so several identity instances need S3",
    unset: '`.data/credential-files` beside the embedded database',
  },
  SMTP_URL: {
    meaning:
      'the SMTP relay every mail goes through (issue 40: `smtp://user:pass@host:587`, `smtps://...:465`), with nodemailer',
    unset:
      "the mail sandbox's with `MAIL_SANDBOX=1` (`npm start` sets it); otherwise identity keeps verification links unsent until it is set (warned at start), and notifications sends no email",
  },
  MAIL_FROM: { meaning: 'the sender of every mail (`Brigade <no-reply@example.com>`)' },
  MAIL_SANDBOX: {
    meaning:
      '`1`: with no `SMTP_URL`, `npm start` runs the mail sandbox (`sandboxes/mail`) and points `SMTP_URL` at it; its outbox is shown at `/api/dev/mail` (never in production). The embedded default (no `DATABASE_URL`) always does',
  },
  EMAIL_VERIFY_TTL: {
    meaning: 'how long an email verification link works (single use), a duration like `24h`',
  },
  EMAIL_POLL_MS: {
    meaning:
      "how often identity's email loop looks for verification mails due (retries, mails a crash left); a new link wakes it at once",
  },
  MAIL_SANDBOX_URL: {
    meaning: 'the mail sandbox whose outbox the gateway shows at `/api/dev/mail` (never in production)',
    unset: '`/api/dev/mail` answers 404 (`npm start` sets it; compose: `http://mail-sandbox:4012`)',
  },
  MAIL_SANDBOX_SMTP_PORT: {
    meaning:
      "the mail sandbox's SMTP port (no authentication, no TLS: a private network only); `0`: a free port",
  },
  MAIL_SANDBOX_MAX_BYTES: { meaning: 'the largest mail the mail sandbox takes (bigger: refused with 552)' },
  CREDENTIAL_SWEEP_POLL_MS: {
    meaning:
      'how often identity looks for verified credentials to announce as expiring (`CREDENTIAL_EXPIRY_NOTICE` before their day)',
  },
  JOBS_RELAY_POLL_MS: {
    meaning: "how often jobs' outbox relay looks for unpublished events when nothing woke it",
  },
  JOBS_RULES_POLL_MS: {
    meaning:
      'how often jobs looks for shifts to expire (nobody confirmed by the start) and checkout deadlines passed; each rule fires within this much of its moment',
  },
  JOBS_ROSTER_MINUTE_MS: {
    meaning:
      "how long one minute of a restaurant's roster-first window lasts (issue 37): a minute; suites that watch a window end through the whole product shorten it",
  },
  STRIPE_SECRET_KEY: { meaning: 'Stripe with Connect', unset: 'the Stripe sandbox at `STRIPE_API_URL`' },
  STRIPE_API_URL: {
    meaning: 'where the Stripe SDK sends its requests (protocol, host, port): Stripe, or the Stripe sandbox',
    unset:
      "required without `STRIPE_SECRET_KEY` (`npm start` sets the sandbox's; compose: `http://stripe-sandbox:4010`); with a key: Stripe",
  },
  STRIPE_WEBHOOK_SECRET: {
    meaning:
      'the signing secret (`whsec_...`) of the webhook endpoint `/api/payments/webhooks/stripe`; the sandbox signs with it',
    unset:
      "required by payments (with `STRIPE_SECRET_KEY` checked at config load); `npm start`: the sandbox's random secret made once per installation; compose's sandbox profile: a sandbox-only value",
  },
  MONEY_TASK_RETRY_DELAYS_MS: {
    meaning:
      'backoff between attempts of a transfer or refund that did not reach the ledger; the last repeats until it lands',
  },
  STRIPE_TIMEOUT_MS: {
    meaning:
      'per attempt of a Stripe call made in the background (transfers, refunds, reconciliation); the same idempotency key on each retry',
  },
  STRIPE_MAX_NETWORK_RETRIES: {
    meaning:
      "the Stripe SDK's own retries of a background call (same idempotency key); a task that still fails is retried by the money loop",
  },
  STRIPE_INTERACTIVE_TIMEOUT_MS: {
    meaning:
      "per Stripe call a person waits for (start paying, confirm, payout account): short enough that a 503 to retry comes before the web client's 10 s limit",
  },
  TRANSLATION_PROVIDER: {
    meaning:
      "`auto`: the first there of Google (a key), Apertium's HTTP server (`APERTIUM_URL`), the local `apertium` command with its en-es pair, none; `google` or `apertium`: that one, or the start fails; `none`: no translation",
    unset: '`auto`',
  },
  GOOGLE_TRANSLATE_API_KEY: { meaning: 'Google Translate (first in `auto`)' },
  GOOGLE_APPLICATION_CREDENTIALS: {
    meaning:
      "a Google service-account key file, the SDK's usual way; enables Google Translate like `GOOGLE_TRANSLATE_API_KEY`",
  },
  GOOGLE_TRANSLATE_API_ENDPOINT: {
    meaning: "host[:port] of the Translation API (the SDK's `apiEndpoint`)",
    unset: '`translation.googleapis.com`',
  },
  APERTIUM_URL: {
    meaning: "Apertium's HTTP server (apertium-apy)",
    unset: 'unset (compose: `http://apertium:2737`)',
  },
  APERTIUM_COMMAND: {
    meaning:
      'the local Apertium command, used when installed with `apertium-eng-spa` and no `APERTIUM_URL` is set',
    unset: '`apertium`',
  },
  TRANSLATE_TIMEOUT_MS: {
    meaning: 'a send waits at most this long for its translation, then goes out untranslated',
  },
  TRANSLATE_RETRY_DELAYS_MS: {
    meaning:
      'a translation that failed or timed out is tried again after each delay in turn, the last repeating until it lands',
  },
  TRANSLATE_RETRY_POLL_MS: {
    meaning: 'how often an idle messaging instance asks whether a translation is due for another try',
  },
  TWILIO_FROM_NUMBER: {
    meaning: 'Twilio for texts',
    unset: 'SMS sandbox with `SMS_SANDBOX=1`, else refused',
  },
  TWILIO_API_BASE_URL: {
    meaning: 'where the Twilio SDK sends Messages requests: Twilio, or the SMS sandbox',
    unset: 'Twilio (`https://api.twilio.com`); required with `SMS_SANDBOX=1` and no keys (as above)',
  },
  NOTIFICATIONS_POLL_MS: { meaning: 'how often notifications looks for due reminders and queued texts' },
  SMS_RETRY_DELAYS_MS: {
    meaning: 'backoff between attempts of a text; after the last the text is marked failed',
  },
  DELIVERY_RETRY_DELAYS_MS: {
    meaning: 'backoff between attempts of an email or a push (issue 40); after the last it is marked failed',
  },
  VAPID_PUBLIC_KEY: {
    meaning:
      "Web Push's VAPID public key (issue 40; base64url, as `npx web-push generate-vapid-keys` prints it); set with `VAPID_PRIVATE_KEY`, both or neither",
    unset: "a key pair made once and kept in notifications' database (every replica and restart uses it)",
  },
  VAPID_PRIVATE_KEY: {
    meaning: "Web Push's VAPID private key (base64url), the pair of `VAPID_PUBLIC_KEY`",
    unset: "the kept pair's (see `VAPID_PUBLIC_KEY`)",
  },
  VAPID_SUBJECT: {
    meaning: 'the contact push services see in every VAPID token (`mailto:` address or `https:` URL)',
    unset: '`mailto:` and the address of `MAIL_FROM` (`mailto:support@brigade.local` when it has none)',
  },
  PUSH_TIMEOUT_MS: {
    meaning:
      'per Web Push request: a push service slower than this is abandoned and the push retried after `DELIVERY_RETRY_DELAYS_MS` (pushes have a loop of their own: texts and mail never wait on them)',
  },
  PUSH_ENDPOINT_HOSTS: {
    meaning:
      'the push services a browser subscription may be on (comma-separated host names, `*.` for any subdomain); any other endpoint is refused with 400 `NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED`',
  },
  PUSH_SANDBOX_URL: {
    meaning:
      'the push sandbox (`sandboxes/push`): notifications also takes subscriptions on its host (over http too); the gateway shows its outbox at `/api/dev/push` (never in production)',
    unset: 'no push sandbox (`npm start` sets it with `PUSH_SANDBOX=1`; compose: `http://push-sandbox:4013`)',
  },
  PUSH_SANDBOX: {
    meaning:
      '`1`: `npm start` runs the push sandbox (`sandboxes/push`, in memory) and points `PUSH_SANDBOX_URL` at it. The embedded default (no `DATABASE_URL`) always does',
  },
  PUSH_SANDBOX_PUBLIC_URL: {
    meaning:
      "the origin the push sandbox's subscription endpoints carry (the address the services reach it at)",
    unset: 'the address it listens at',
  },
  UNSUBSCRIBE_SECRET: {
    meaning: "the key that signs emails' one-click unsubscribe links (RFC 8058)",
    unset: "made at random once and kept in notifications' database",
  },
  SMS_FAILURES_BEFORE_FALLBACK: {
    meaning:
      "failed or undelivered texts in a row (Twilio's status callbacks) after which a person's notifications fall back to push and email; a delivered text or START resets it",
  },
  SMS_SANDBOX_AUTH_TOKEN: {
    meaning:
      'the token the SMS sandbox signs its webhooks with (`X-Twilio-Signature`: status callbacks, inbound texts); notifications checks them with it when it texts through the sandbox (with Twilio keys: `TWILIO_AUTH_TOKEN`)',
    unset:
      "the sandbox: `TWILIO_AUTH_TOKEN`, else a random token kept with its data (`npm start` hands it to notifications); notifications: Twilio's webhooks are refused (403)",
  },
  SMS_SANDBOX_WEBHOOK_FORWARD: {
    meaning:
      '`<public URL>=<internal URL>`: the SMS sandbox sends webhooks addressed under the public URL (and signed for it) to the internal one (compose: `http://localhost:8080=http://gateway:8080`)',
    unset: 'webhooks go to the URL they are addressed to',
  },
  SMS_SANDBOX_INBOUND_URL: {
    meaning:
      "where the SMS sandbox posts texts sent to Brigade (`POST /api/dev/sms/inbound`), as Twilio's inbound webhook: `PUBLIC_URL/api/notifications/twilio/inbound`",
    unset: "`npm start` sets it; otherwise the sandbox's inbound route answers 409",
  },
  SMS_SANDBOX_CODE_TTL_SECONDS: {
    meaning:
      "the sandbox's Verify code lifetime and the name its texts give; it takes any credentials unless its own `TWILIO_ACCOUNT_SID`/`TWILIO_AUTH_TOKEN` are set",
  },
  SMS_SANDBOX_SERVICE_NAME: {
    meaning:
      "the sandbox's Verify code lifetime and the name its texts give; it takes any credentials unless its own `TWILIO_ACCOUNT_SID`/`TWILIO_AUTH_TOKEN` are set",
  },
  STRIPE_SANDBOX_WEBHOOK_URL: {
    meaning: "where the sandbox POSTs its signed events (payments' `/payments/webhooks/stripe`)",
    unset: "events wait (the embedded runner gives payments' address)",
  },
  SANDBOX_WEBHOOK_RETRY_DELAYS_MS: {
    meaning: "backoff between the Stripe sandbox's webhook delivery attempts (Stripe retries for days)",
  },
  SANDBOX_STRIPE_FAULTS: {
    meaning:
      'provider faults the Stripe sandbox injects from its start: a JSON array of `{method?, path, mode, count?}` (tests)',
    unset: 'none',
  },
  LATE_CANCEL_WINDOW: {
    meaning:
      "a cancellation this close to the start (or closer) is late: a restaurant's pays the chef, and either side's counts on its reliability record",
  },
  CANCELLATION_PAY_HOURS: {
    meaning:
      "hours of pay a restaurant's late cancellation pays the chef (at most the shift pay); the platform keeps 7% of it, the rest is refunded",
  },
  CHECKOUT_DEADLINE: {
    meaning:
      "after the shift's end, when the checkout answers given stand (one answer stands; nobody answered: paid out; they disagree: disputed)",
  },
  CHECKOUT_REMINDERS: {
    meaning: 'texts to whoever has not answered, this long before the checkout deadline',
  },
  STUCK_MONEY_AFTER: {
    meaning:
      "money still held this long after its rule's deadline is stuck: `ledger:check` lists it and exits 1",
  },
  DISPUTE_REMINDER_AFTER: {
    meaning:
      'an undecided dispute this old is reminded to operators (warn log, `brigade_dispute_reminders_total`) and marked overdue; its money stays held',
  },
  CONTACT_WINDOW: {
    meaning:
      "from this long before a booked shift's start until its checkout deadline, the restaurant's job page shows the confirmed chef's verified phone (Call) and the chef's shows the restaurant's; never outside it, never in lists (issue 32)",
  },
  SHIFT_GAP: {
    meaning:
      'the travel time a chef needs between two shifts: accepting or confirming a chef for a shift that starts less than this after one they hold ends (or ends less than this before it starts) is refused (`JOBS.OVERLAPPING_SHIFT`); `0m` allows back to back',
  },
  DISPUTE_STATEMENTS_MAX: {
    meaning:
      'statements each side of a dispute may write; more is 409 `JOBS.TOO_MANY_STATEMENTS` (the form shows how many are left)',
  },
  DISPUTE_STATEMENT_RATE: {
    meaning:
      'statements each side may write in any minute; more is 429 `JOBS.STATEMENTS_TOO_FAST` with `Retry-After`',
  },
  CLOCK_IN_EARLY: {
    meaning:
      'a confirmed chef may clock in from this long before the start until the scheduled end (issue 34, ADR 28)',
  },
  GEOFENCE_METERS: {
    meaning:
      "a location clock-in must be within this many meters of the restaurant's pinned location; a position less precise than this is refused (`JOBS.LOCATION_TOO_VAGUE`), a restaurant without a pin takes the 4-digit code only",
  },
  AUTO_CLOCK_OUT_AFTER: {
    meaning:
      'a chef still clocked in this long after the scheduled end is clocked out at the end (`auto_clocked_out`)',
  },
  MAX_EXTRA_HOURS: {
    meaning:
      "work past the scheduled end is paid up to this many hours (the extra charged off-session to the saved card); an operator's hours decision is capped at the scheduled hours plus this",
  },
  SENT_HOME_WINDOW: {
    meaning:
      'the restaurant may send a clocked-in chef home this long after the clock-in (a late cancellation on its record)',
  },
  SENT_HOME_PAY_HOURS: {
    meaning:
      'a chef sent home is paid max(worked, this many hours) at the rate, never more than the shift pay; the rest is refunded at once',
  },
  NO_SHOW_AFTER: {
    meaning: 'a confirmed chef not clocked in this long after the start may be marked a no-show',
  },
  HOURS_DISPUTE_WINDOW: {
    meaning:
      "the chef answers an adjustment or a no-show within this; silence accepts the adjustment, and a no-show not contested becomes final (full refund, a no-show on the chef's record)",
  },
  TIMESHEET_APPROVAL_DEADLINE: {
    meaning:
      'a submitted timesheet the restaurant leaves alone is approved as submitted this long after the clock-out',
  },
  BALANCE_DUE_AFTER: {
    meaning:
      "an extra charge the card declined (or that needs the restaurant's authentication) and still unpaid this long after is owed money (`GET /api/ops/balances`, `ledger:check`); the restaurant pays it at `/balances` and the chef's extra moves then",
  },
  LATE_CLOCK_IN_AFTER: {
    meaning:
      'a clock-in later than this after the start marks the timesheet late (shown to both sides, not punished)',
  },
  MIN_SHIFT_DURATION: {
    meaning:
      'the shortest shift that may be posted: a shorter one is refused (400 `JOBS.SHIFT_TOO_SHORT`, naming the minimum); a posting charged under the 50-cent card minimum is refused too (`JOBS.CHARGE_UNDER_MINIMUM`). Tests and demos shorten it',
  },
  OFFER_EXPIRES_AFTER: {
    meaning:
      "a direct offer to a chef ends this long after it was made, or at the shift's start if sooner; tests shorten it",
  },
  EDIT_ANSWER_WINDOW: {
    meaning:
      "a booked chef whose shift's times or pay were changed keeps it or leaves with no record within this long (at the latest by the start); no answer keeps the booking",
  },
  SERIES_MAX_WEEKS: {
    meaning:
      'how far ahead a weekly series or a "Book again" may reach; further is refused (`JOBS.SERIES_TOO_LONG`, `JOBS.BAD_DATES`)',
  },
  SERIES_CHARGE_LEAD: {
    meaning:
      'each occurrence of a series or a repeat is posted and charged to the card on file this long before it starts; tests shorten it',
  },
  INSTANT_BOOK_MIN_SHIFTS: {
    meaning:
      'a chef may "Book now" a shift that allows instant booking after this many completed shifts, with no no-show and at most one late cancellation in 90 days and an average rating of 4.5 or none',
  },
  RECONFIRM_OPENS: {
    meaning:
      'a confirmed chef is asked (text and app) to reconfirm from this long before the start; shifts booked later need no reconfirmation',
  },
  RECONFIRM_BY: {
    meaning:
      'a chef who has not reconfirmed this long before the start loses the seat (a late cancellation); the shift reopens as urgent, standby chefs first',
  },
  STANDBY_OFFER_MINUTES: {
    meaning:
      "how long each chef on a shift's standby list has to take a reopened seat before the next in line is offered it",
  },
  ALERT_FANOUT: {
    meaning:
      'at most this many chefs (available then and in range, nearest first) are texted about one new, urgent, reopened or boosted shift',
  },
  TIP_WINDOW: {
    meaning:
      'a restaurant may tip a worked shift (charged to its card, no fee, all of it to the chef) until this long after the shift ends',
  },
  INSTANT_PAYOUT_FEE_BPS: {
    meaning:
      "the fee of an instant payout to a chef's debit card, in basis points of the amount (at least 50 cents, half up to the cent)",
  },
  INSTANT_PAYOUT_FREE_MIN_SHIFTS: {
    meaning:
      'instant payout is free for a chef with this many worked and paid shifts and no no-show in 90 days',
  },
  TAX_FORM_THRESHOLD_CENTS: {
    meaning:
      "a chef's tax-year statement says the year reached the reporting threshold at this much paid (cents)",
  },
  STATEMENT_DAY: {
    meaning: "the weekday restaurants are texted a link to last week's statement (monday..sunday)",
  },
  APPEAL_WINDOW: {
    meaning:
      'a chef or a restaurant may appeal a mark on its record (a late cancellation, a no-show, a dispute lost) until this long after the mark; later is 409 `JOBS.APPEAL_WINDOW_CLOSED`',
  },
  REVIEW_PUBLISH_AFTER: {
    meaning:
      "after the shift's end, when a review is published though the other side never wrote one (double-blind: both sides wrote publishes it sooner; until then the other side cannot read it)",
  },
  CREDENTIAL_EXPIRY_NOTICE: {
    meaning:
      "a chef is texted this long before a verified credential expires (it stops counting at 00:00 of its expiry day in the chef's city's time zone)",
  },
  OUTBOX_RETENTION_DAYS: {
    meaning: 'how long each service keeps the events it published (the job timeline is read from them)',
  },
  BRIGADE_DATA_DIR: { meaning: 'where the embedded default keeps its PGlite data (one process at a time)' },
  BRIGADE_SEED: { meaning: '`0`: `npm start` loads no demo restaurants and chefs' },
  BRIGADE_BUILD_WEB: {
    meaning:
      '`0`: `npm start` does not build the web app when `web/dist` is missing (tests that bring their own)',
  },
  BRIGADE_START_BUNDLE: {
    meaning:
      '`0`: `npm start` loads the sources through tsx instead of its compiled copy under `node_modules/.cache/brigade/start` (ADR 6)',
  },
  BRIGADE_SEED_STOP_AFTER: {
    meaning:
      'fault injection: the demo seed kills its own process after the named step (`chef.ana:signup`, `restaurant.mpls:shift-posted:1`...), to test an interrupted first start',
  },
};

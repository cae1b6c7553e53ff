/**
 * The route table: every path of the API (under /api) and the service that owns it. Read top to bottom,
 * first match wins. `public` routes need no access token; everything else is verified at the gateway, and
 * refused when its session has ended unless the route says `endedSession` (signing out again).
 */
export type ServiceName = 'identity' | 'jobs' | 'payments' | 'messaging' | 'notifications';

export interface RouteRule {
  method?: string;
  pattern: RegExp;
  /** `all`: every service answers its own part and the gateway merges them (the console's timeline, audit, dead letters) */
  service: ServiceName | 'all';
  public?: boolean;
  endedSession?: boolean;
  /** operators only (the console): a chef's or restaurant's token is refused at the gateway with 403 */
  operator?: boolean;
  /** a public route's own limits (no user to count): per client address and per URL, [hits, seconds] */
  publicLimits?: { perIp: [number, number]; perUrl: [number, number] };
}

/**
 * The calendar feed (issue 20) is fetched by calendar apps, which send no token: the secret in its URL is the
 * key. A phone refreshes every 5 minutes at most, so 60 an hour per feed is several devices; per address the
 * limit is wide (calendar services fetch many users' feeds from a few addresses) and only stops a flood.
 */
export const CALENDAR_FEED_LIMITS: NonNullable<RouteRule['publicLimits']> = {
  perIp: [600, 60],
  perUrl: [60, 3600],
};

/**
 * A credential's file (issue 39) is opened by the browser as a link or an image, with no token: the URL is signed
 * for 5 minutes and is the key. An operator's queue opens many files from one address; one URL a few times.
 */
export const CREDENTIAL_FILE_LIMITS: NonNullable<RouteRule['publicLimits']> = {
  perIp: [600, 60],
  perUrl: [30, 300],
};

/**
 * An email verification link (issue 40) is opened from a mail with no token: the token in its URL is the key (a
 * 256-bit HMAC, single use). Guessing is hopeless, but an address that keeps trying is stopped.
 */
export const EMAIL_VERIFY_LIMITS: NonNullable<RouteRule['publicLimits']> = {
  perIp: [30, 60],
  perUrl: [10, 300],
};

/**
 * An email's unsubscribe link (issue 40) is opened, or POSTed by a mail client, with no session: its signed token
 * names one person and type. Repeating it changes nothing; an address that keeps trying tokens is stopped.
 */
export const UNSUBSCRIBE_LIMITS: NonNullable<RouteRule['publicLimits']> = {
  perIp: [30, 60],
  perUrl: [20, 300],
};

export const ROUTES: RouteRule[] = [
  // the operator console (issue 17, ADR 11): each service answers for its own records
  { method: 'GET', pattern: /^\/ops\/disputes$/, service: 'jobs', operator: true },
  { method: 'GET', pattern: /^\/ops\/disputes\/[^/]+$/, service: 'jobs', operator: true },
  { method: 'POST', pattern: /^\/ops\/disputes\/[^/]+\/resolve$/, service: 'jobs', operator: true },
  { method: 'GET', pattern: /^\/ops\/jobs\/[^/]+\/timeline$/, service: 'all', operator: true },
  { method: 'GET', pattern: /^\/ops\/jobs\/[^/]+\/messages$/, service: 'messaging', operator: true },
  { method: 'GET', pattern: /^\/ops\/jobs\/[^/]+\/ledger$/, service: 'payments', operator: true },
  { method: 'GET', pattern: /^\/ops\/users$/, service: 'identity', operator: true },
  { method: 'GET', pattern: /^\/ops\/users\/[^/]+$/, service: 'identity', operator: true },
  {
    method: 'POST',
    pattern: /^\/ops\/users\/[^/]+\/(suspend|reinstate)$/,
    service: 'identity',
    operator: true,
  },
  // operators (issue 33): admins only, checked by identity
  { method: 'GET', pattern: /^\/ops\/operators$/, service: 'identity', operator: true },
  { method: 'POST', pattern: /^\/ops\/operators$/, service: 'identity', operator: true },
  { method: 'DELETE', pattern: /^\/ops\/operators\/[^/]+$/, service: 'identity', operator: true },
  { method: 'GET', pattern: /^\/ops\/dead-letters$/, service: 'all', operator: true },
  { method: 'POST', pattern: /^\/ops\/dead-letters\/redrive$/, service: 'all', operator: true },
  { method: 'GET', pattern: /^\/ops\/anomalies$/, service: 'payments', operator: true },
  { method: 'GET', pattern: /^\/ops\/balances$/, service: 'payments', operator: true },
  // issue 38: card disputes (payments), and a job's evidence, each service's part from its own records
  { pattern: /^\/ops\/card-disputes(\/|$)/, service: 'payments', operator: true },
  { method: 'GET', pattern: /^\/ops\/jobs\/[^/]+\/evidence$/, service: 'all', operator: true },
  { method: 'GET', pattern: /^\/ops\/audit$/, service: 'all', operator: true },
  // issue 39: appeals of a mark on a record (jobs keeps the marks)
  { method: 'GET', pattern: /^\/ops\/appeals$/, service: 'jobs', operator: true },
  { method: 'POST', pattern: /^\/ops\/appeals\/[^/]+\/decide$/, service: 'jobs', operator: true },
  // issue 39: reviews (jobs keeps them): the console's list and hiding
  { method: 'GET', pattern: /^\/ops\/reviews$/, service: 'jobs', operator: true },
  { method: 'POST', pattern: /^\/ops\/reviews\/[^/]+\/hide$/, service: 'jobs', operator: true },
  // issue 39: the credentials queue and an operator's decisions (identity)
  { method: 'GET', pattern: /^\/ops\/credentials$/, service: 'identity', operator: true },
  {
    method: 'POST',
    pattern: /^\/ops\/credentials\/[^/]+\/(verify|reject|revoke)$/,
    service: 'identity',
    operator: true,
  },
  // identity
  {
    method: 'POST',
    pattern: /^\/auth\/(signup|signin|refresh)$/,
    service: 'identity',
    public: true,
  },
  { method: 'POST', pattern: /^\/auth\/password\/forgot$/, service: 'identity', public: true },
  { method: 'POST', pattern: /^\/auth\/password\/reset$/, service: 'identity', public: true },
  { method: 'POST', pattern: /^\/auth\/password\/change$/, service: 'identity', public: true },
  { method: 'POST', pattern: /^\/auth\/totp\/enrol$/, service: 'identity', public: true },
  { method: 'GET', pattern: /^\/auth\/jwks\.json$/, service: 'identity', public: true },
  // issue 40: the link of a verification mail (signed out: it may be opened on another device)
  {
    method: 'GET',
    pattern: /^\/auth\/email\/verify$/,
    service: 'identity',
    public: true,
    publicLimits: EMAIL_VERIFY_LIMITS,
  },
  { method: 'POST', pattern: /^\/auth\/signout$/, service: 'identity', endedSession: true },
  { pattern: /^\/auth\//, service: 'identity' },
  // issue 39: a profile's published reviews are jobs' (before identity's /profiles rule)
  { method: 'GET', pattern: /^\/profiles\/(chef|restaurant)\/[^/]+\/reviews$/, service: 'jobs' },
  { pattern: /^\/profiles(\/|$)/, service: 'identity' },
  { pattern: /^\/agreements\//, service: 'identity' },
  { method: 'GET', pattern: /^\/uploads\/[^/]+$/, service: 'identity', public: true },
  // issue 39: a chef's credentials, and their files through signed URLs (no token)
  { pattern: /^\/credentials$/, service: 'identity' },
  {
    method: 'GET',
    pattern: /^\/credential-files\/[^/]+$/,
    service: 'identity',
    public: true,
    publicLimits: CREDENTIAL_FILE_LIMITS,
  },
  // payments (before jobs: /applications/{id}/confirm-payment belongs to payments)
  { method: 'POST', pattern: /^\/payments\/webhooks\/stripe$/, service: 'payments', public: true },
  { method: 'GET', pattern: /^\/payments\/config$/, service: 'payments', public: true },
  { pattern: /^\/payments(\/|$)/, service: 'payments' },
  { pattern: /^\/applications\/[^/]+\/confirm-payment$/, service: 'payments' },
  { pattern: /^\/applications\/[^/]+\/tip$/, service: 'payments' },
  // jobs
  {
    method: 'GET',
    pattern: /^\/calendar\/[^/]+\.ics$/,
    service: 'jobs',
    public: true,
    publicLimits: CALENDAR_FEED_LIMITS,
  },
  { pattern: /^\/calendar\//, service: 'jobs' },
  { pattern: /^\/jobs(\/|$)/, service: 'jobs' },
  { pattern: /^\/applications(\/|$)/, service: 'jobs' },
  { pattern: /^\/favorites(\/|$)/, service: 'jobs' },
  { pattern: /^\/invitations(\/|$)/, service: 'jobs' },
  { pattern: /^\/shift-templates(\/|$)/, service: 'jobs' },
  { pattern: /^\/offers(\/|$)/, service: 'jobs' },
  { pattern: /^\/blocks(\/|$)/, service: 'jobs' },
  { pattern: /^\/reliability(\/|$)/, service: 'jobs' },
  { pattern: /^\/reviews(\/|$)/, service: 'jobs' },
  // messaging
  { pattern: /^\/messages(\/|$)/, service: 'messaging' },
  // notifications: Twilio's webhooks are public (Twilio signs them; the service checks X-Twilio-Signature)
  {
    method: 'POST',
    pattern: /^\/notifications\/twilio\/(inbound|status)$/,
    service: 'notifications',
    public: true,
  },
  // issue 40: an email's unsubscribe link (a mail client's one-click POST has no session)
  {
    pattern: /^\/notifications\/unsubscribe$/,
    service: 'notifications',
    public: true,
    publicLimits: UNSUBSCRIBE_LIMITS,
  },
  { pattern: /^\/notifications(\/|$)/, service: 'notifications' },
];

export function matchRoute(method: string, path: string): RouteRule | undefined {
  return ROUTES.find((r) => (!r.method || r.method === method) && r.pattern.test(path));
}

/** Paths the gateway answers itself (merged or generated), not proxied to one service. */
export const GATEWAY_OWN_PATHS = [
  '/dev/sms',
  '/dev/sms/inbound',
  '/dev/mail',
  '/dev/push',
  '/openapi.json',
  '/docs',
];

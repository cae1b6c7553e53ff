import { z } from 'zod';
import { ErrorBody, type RouteDoc } from './common';
import { identityRoutes } from './http/identity';
import { jobsRoutes } from './http/jobs-routes';
import { calendarRoutes } from './http/calendar';
import { shiftTemplateRoutes } from './http/shift-templates';
import { offerRoutes } from './http/offers';
import { jobEditRoutes } from './http/job-edits';
import { fillRoutes } from './http/fill';
import { paymentsRoutes } from './http/payments';
import { messagingRoutes } from './http/messaging';
import { notificationsRoutes } from './http/notifications';
import { opsRoutes } from './http/ops';
import { payRoutes } from './http/pay';
import { appealRoutes } from './http/appeals';
import { reviewRoutes } from './http/reviews';
import { credentialRoutes } from './http/credentials';
import { devMailRoutes } from './http/dev-mail';
import { devPushRoutes } from './http/dev-push';

/** Every documented route of the API (paths under /api). */
export function allRoutes(): Array<RouteDoc & { service: string }> {
  const tag = (service: string, routes: RouteDoc[]) => routes.map((r) => ({ ...r, service }));
  return [
    ...tag('identity', identityRoutes),
    ...tag('jobs', jobsRoutes),
    ...tag('jobs', calendarRoutes),
    ...tag('jobs', shiftTemplateRoutes),
    ...tag('jobs', offerRoutes),
    ...tag('jobs', jobEditRoutes),
    ...tag('jobs', fillRoutes),
    ...tag('payments', paymentsRoutes),
    ...tag('messaging', messagingRoutes),
    ...tag('notifications', notificationsRoutes),
    ...tag('notifications', devMailRoutes),
    ...tag('notifications', devPushRoutes),
    ...opsRoutes,
    ...payRoutes,
    ...appealRoutes,
    ...reviewRoutes,
    ...credentialRoutes,
  ];
}

/**
 * The bounds the document gives what the server writes when its schema names none (ADR 0026). Every text in an
 * answer comes from a bounded input (the longest, a dispute statement, is 2,000 characters), its translation
 * or the server's own words; every list either is paged (`limit`) or belongs to one job, user or day.
 */
export const ANSWER_TEXT_MAX = 8_000;
export const ANSWER_LIST_MAX = 1_000;
/** A file answer (an image, a CSV export, a calendar feed): uploads are at most 5 MB. */
export const ANSWER_FILE_MAX = 5 * 1024 * 1024;
/** A multipart field's JSON text (a list or an object the form sends as text). */
const JSON_TEXT_MAX = 16_384;

/** The longest text each string format can be: what the server checks (a UUID is 36 characters). */
const FORMAT_MAX: Record<string, number> = {
  uuid: 36,
  'date-time': 64,
  date: 10,
  time: 32,
  email: 254,
  uri: 2_048,
};

const INT32 = 2 ** 31;

/** A JSON schema node as zod writes it: the fields `bound` reads and sets, any other kept as it is. */
type SchemaNode = {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  anyOf?: unknown[];
  properties?: Record<string, unknown>;
  required?: string[];
  [key: string]: unknown;
};

/**
 * Bounds and formats the OWASP ruleset asks of every schema, where zod's output leaves them out: a string's
 * maxLength from its format (else, in an answer, ANSWER_TEXT_MAX), an integer's int32/int64, an answer list's
 * maxItems; a multipart field that may be JSON text (`x-json-text`) becomes "the value, or its JSON text".
 */
function bound(node: unknown, io: 'input' | 'output'): void {
  if (Array.isArray(node)) return node.forEach((n) => bound(n, io));
  if (!node || typeof node !== 'object') return;
  const s = node as SchemaNode;
  for (const value of Object.values(s)) bound(value, io);
  if (s['x-json-text']) {
    delete s['x-json-text'];
    const value = { ...s };
    for (const key of Object.keys(s)) delete s[key];
    s.anyOf = [
      value,
      { type: 'string', maxLength: JSON_TEXT_MAX, description: 'The same value as JSON text (a form field)' },
    ];
    return;
  }
  if (s.type === 'string' && s.maxLength === undefined && s.enum === undefined) {
    const max = FORMAT_MAX[s.format ?? ''] ?? (io === 'output' ? ANSWER_TEXT_MAX : undefined);
    if (max !== undefined) s.maxLength = max;
  }
  if (s.type === 'integer' && s.format === undefined) {
    const small =
      s.minimum !== undefined && s.maximum !== undefined && s.minimum >= -INT32 && s.maximum < INT32;
    s.format = small ? 'int32' : 'int64';
  }
  if (s.type === 'array' && s.maxItems === undefined && io === 'output') s.maxItems = ANSWER_LIST_MAX;
}

/**
 * What the path parameters are: ids are UUIDs (anything else is a 404); the others are named here, as the
 * services check them.
 */
const PATH_PARAMS: Record<string, Record<string, unknown>> = {
  user_type: { type: 'string', enum: ['chef', 'restaurant'] },
  file: { type: 'string', maxLength: 41, pattern: '^[0-9a-f-]{36}\\.(png|jpg|gif|webp)$' },
  token: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
  // issue 39: a credential file's signed token (its id, when it ends, the signature)
  fileToken: { type: 'string', maxLength: 128, pattern: '^[A-Za-z0-9_.-]+$' },
};
const UUID_PARAM = { type: 'string', format: 'uuid', maxLength: 36 };

/**
 * Public routes the gateway limits (sign-in doors per address and per account: gateway AUTH_LIMITS; the calendar
 * feed per address and per URL); every signed-in route is limited per user.
 */
export const LIMITED_PUBLIC_ROUTES = [
  'post /auth/signup',
  'post /auth/signin',
  'post /auth/password/forgot',
  'post /auth/password/reset',
  'post /auth/password/change',
  'post /auth/totp/enrol',
  'get /calendar/{token}.ics',
  'get /credential-files/{fileToken}',
  // issue 40: a verification mail's link, and an email's unsubscribe link (opened, or a mail client's POST)
  'get /auth/email/verify',
  'get /notifications/unsubscribe',
  'post /notifications/unsubscribe',
];

/** Public routes that answer 401: a wrong email or password, a refresh token that is not (or no longer) good. */
const CREDENTIAL_ROUTES = ['post /auth/signin', 'post /auth/refresh'];

const ref = (name: string) => ({ $ref: `#/components/${name}` });
const errorContent = { 'application/json': { schema: ref('schemas/Error') } };
const ETAG_HEADER = {
  ETag: {
    description: 'The version of this answer: send it back in If-None-Match',
    schema: { type: 'string', maxLength: 64 },
  },
};
const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 },
  },
};
const CORS_HEADER = {
  'Access-Control-Allow-Origin': {
    description: "The web app's origin (PUBLIC_URL), when the request came from it",
    schema: { type: 'string', format: 'uri', maxLength: 2_048 },
  },
};

/** The answers every operation shares (components.responses). */
const SHARED_RESPONSES = {
  NotModified: {
    description:
      'Unchanged since the ETag sent in If-None-Match: no body; poll again later with the same tag',
    headers: { ...ETAG_HEADER, ...CORS_HEADER },
  },
  ClientError: {
    description:
      'The request was refused and nothing changed: invalid input (400), not found (404), a conflict with the current state (409), too large (413)...',
    content: errorContent,
  },
  Unauthorized: {
    description:
      'No access token, or one that is invalid, expired or ended (signed out, password changed, suspended): sign in again',
    content: errorContent,
  },
  BadCredentials: {
    description: 'Wrong email or password, or a refresh token that is unknown, used or ended: sign in again',
    content: errorContent,
  },
  Forbidden: {
    description:
      'Signed in, but this account may not do this (another role, not its own, phone not verified...)',
    content: errorContent,
  },
  TooManyRequests: {
    description:
      'Over a rate limit (per user per minute; per address and per account on the sign-in doors): retry after Retry-After seconds',
    headers: { ...RETRY_AFTER_HEADER, ...CORS_HEADER },
    content: errorContent,
  },
  ServerError: {
    description: 'Something failed on our side; the request may be retried',
    content: errorContent,
  },
  Unavailable: {
    description: 'A part of Brigade is not available right now (or out of database connections); retry later',
    headers: { ...RETRY_AFTER_HEADER, ...CORS_HEADER },
    content: errorContent,
  },
};

const operationId = (method: string, path: string) =>
  method +
  path
    .replace(/\.(\w+)/g, ' $1')
    .split(/[/{}_\-. ]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

const SERVICE_TAGS = [
  { name: 'identity', description: 'Accounts, sessions, phone verification, profiles, terms' },
  {
    name: 'jobs',
    description:
      'Shifts, applications, checkout, favorites, invitations, direct offers, calendar, shift templates',
  },
  { name: 'payments', description: 'Escrow, saved cards, payouts, earnings and receipts (Stripe)' },
  { name: 'messaging', description: 'Conversations and messages, translated for the reader' },
  { name: 'notifications', description: 'Notification preferences and the SMS sandbox' },
  { name: 'ops', description: "The platform team's console (operators only)" },
];

/** The OpenAPI 3 document, generated from the same zod schemas the services and the web client use. */
export function buildOpenApi(info: { version: string; serverUrl?: string } = { version: '0.1.0' }) {
  const components: Record<string, unknown> = {};
  const convert = (schema: z.ZodTypeAny, io: 'input' | 'output') => {
    const raw = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
    const json: SchemaNode = JSON.parse(
      JSON.stringify(raw)
        .replaceAll('#/definitions/', '#/components/schemas/')
        .replaceAll('#/$defs/', '#/components/schemas/'),
    );
    const defs = json.definitions ?? json.$defs ?? {};
    delete json.definitions;
    delete json.$defs;
    delete json.$schema;
    bound(json, io);
    for (const [id, def] of Object.entries(defs)) {
      if (components[id]) continue;
      bound(def, io);
      components[id] = def;
    }
    return json;
  };
  convert(ErrorBody, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of allRoutes()) {
    const signedIn = route.auth !== 'public';
    const key = `${route.method} ${route.path}`;
    const limited = signedIn || LIMITED_PUBLIC_ROUTES.includes(key);
    const fileSchema = { type: 'string', format: 'binary', maxLength: ANSWER_FILE_MAX };
    const answers: Record<string, unknown> = {
      ...(route.response ? { 'application/json': { schema: convert(route.response, 'output') } } : {}),
      ...Object.fromEntries((route.fileTypes ?? []).map((type) => [type, { schema: fileSchema }])),
    };
    const op: Record<string, unknown> = {
      operationId: operationId(route.method, route.path),
      tags: [route.path.startsWith('/ops/') ? 'ops' : route.service],
      summary: route.summary,
      description:
        route.auth === 'public'
          ? `${route.summary}. No access token needed.`
          : route.auth === 'user'
            ? `${route.summary}. For any signed-in account.`
            : `${route.summary}. Only for ${route.auth}s.`,
      security:
        route.path === '/payments/webhooks/stripe'
          ? [{ stripeSignature: [] }]
          : route.path.startsWith('/notifications/twilio/')
            ? [{ twilioSignature: [] }]
            : signedIn
              ? [{ bearer: [] }]
              : [],
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          ...(route.conditional ? { headers: { ...ETAG_HEADER, ...CORS_HEADER } } : {}),
          ...(Object.keys(answers).length ? { content: answers } : {}),
        },
        ...(route.conditional ? { '304': ref('responses/NotModified') } : {}),
        ...(signedIn ? { '401': ref('responses/Unauthorized'), '403': ref('responses/Forbidden') } : {}),
        ...(CREDENTIAL_ROUTES.includes(key) ? { '401': ref('responses/BadCredentials') } : {}),
        ...(limited ? { '429': ref('responses/TooManyRequests') } : {}),
        '4XX': ref('responses/ClientError'),
        '500': ref('responses/ServerError'),
        '503': ref('responses/Unavailable'),
      },
    };
    const params: Array<Record<string, unknown>> = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: PATH_PARAMS[m[1]] ?? UUID_PARAM,
    }));
    if (route.query) {
      const q = convert(route.query, 'input');
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        params.push({ name, in: 'query', required: (q.required ?? []).includes(name), schema });
      }
    }
    if (route.conditional)
      params.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of the last answer: 304 while the list is unchanged',
        schema: { type: 'string', maxLength: 1_024 },
      });
    if (params.length) op.parameters = params;
    if (route.body) {
      const type =
        route.bodyType === 'multipart'
          ? 'multipart/form-data'
          : route.bodyType === 'form'
            ? 'application/x-www-form-urlencoded'
            : 'application/json';
      const schema = convert(route.body, 'input');
      op.requestBody = {
        required: true,
        content:
          route.bodyType === 'multipart'
            ? { [type]: { schema }, 'application/json': { schema } }
            : { [type]: { schema } },
      };
    }
    (paths[route.path] ??= {})[route.method] = op;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Brigade API',
      version: info.version,
      contact: { name: 'Brigade platform team' },
      description: [
        'Short restaurant shifts: jobs, applications, escrow payments, messages.',
        'Errors are `{ error, code }` (`Error`): a text for people and a stable code (SERVICE.REASON).',
        'Polled lists answer an ETag and 304 to If-None-Match while unchanged.',
        `Where a schema names no bound, a text in an answer is at most ${ANSWER_TEXT_MAX} characters and a list at most ${ANSWER_LIST_MAX} items.`,
      ].join('\n\n'),
    },
    servers: [
      {
        url: info.serverUrl ?? '/api',
        description:
          'This deployment (local, staging or production): the API under /api of the host serving this document',
        'x-internal': false,
      },
    ],
    tags: SERVICE_TAGS,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The access token from sign-in, sign-up or refresh: a JWS signed with EdDSA (the only algorithm accepted), short-lived (15 minutes by default), checked against ended sessions; following RFC8725.',
        },
        stripeSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Stripe-Signature',
          description:
            "Stripe's signature of the raw body with the endpoint's signing secret (STRIPE_WEBHOOK_SECRET)",
        },
        twilioSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Twilio-Signature',
          description:
            "Twilio's signature of the public URL and the form's fields with the account's auth token (TWILIO_AUTH_TOKEN; the SMS sandbox's SMS_SANDBOX_AUTH_TOKEN)",
        },
      },
      responses: SHARED_RESPONSES,
      schemas: components,
    },
    paths,
  };
}

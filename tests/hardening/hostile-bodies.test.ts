import http from 'node:http';
import { MAX_JSON_DEPTH } from '@brigade/kit';
import { changedTables, settledSnapshot } from './support/snapshot';
import {
  postJob,
  randomClientIp,
  signUp,
  startStack,
  type Account,
  type PostedJob,
  type Stack,
} from './support/stack';

// Bodies built to hurt the parsers rather than the rules: JSON nested thousands of levels deep (the gateway
// re-serialised the auth routes' bodies and overflowed its stack: 502), and a chunked body far over the
// limit with no Content-Length (payments' raw webhook parser answered with express's HTML page and a stack
// trace). Each gets a 4xx JSON `{ error, code }`, through the gateway and at each service directly, and
// changes nothing.

let stack: Stack;
let chef: Account;
let restaurant: Account;
let job: PostedJob;

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_API_PER_MINUTE: '1000000' });
  [chef, restaurant] = await Promise.all([
    signUp(stack, 'chef', { payouts: false }),
    signUp(stack, 'restaurant'),
  ]);
  job = await postJob(stack, restaurant);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

interface Answer {
  status: number;
  type: string;
  text: string;
  body: any;
}

/** One request with exact control of the body and its framing (chunked when `chunks` is given). */
function send(
  url: string,
  method: string,
  options: { body?: string; chunks?: Buffer[]; token?: string; type?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const headers: Record<string, string> = {
    'content-type': options.type ?? 'application/json',
    'x-forwarded-for': randomClientIp(),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.chunks ? { 'transfer-encoding': 'chunked' } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let body: any = null;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON: the assertion shows the text */
          }
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text,
            body,
          });
        });
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end(options.body);
  });
}

/** What a client may be shown: a 4xx JSON answer with a human text, and no trace of our insides. */
function shown(answer: Answer) {
  return {
    status: answer.status >= 400 && answer.status < 500 ? '4xx' : answer.status,
    json: answer.type.startsWith('application/json'),
    error: typeof answer.body?.error === 'string' && answer.body.error.length > 0,
    stack: /node_modules|\n\s+at |<pre>/.test(answer.text),
  };
}
const refusedCleanly = { status: '4xx', json: true, error: true, stack: false };

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const DEPTHS = [10, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 1000, 6000, 100_000];

/** Every JSON route kind: public auth routes (the gateway parses those), and signed-in ones of each service. */
function targets() {
  const { identity, jobs, payments, messaging, notifications } = stack.brigade.services;
  const rows: Array<[string, string, string, string, string?]> = [
    ['signin', 'POST', '/auth/signin', identity!.url],
    ['signup', 'POST', '/auth/signup', identity!.url],
    ['resend-code', 'POST', '/auth/resend-code', identity!.url],
    ['language', 'PATCH', '/profiles/me', identity!.url, chef.token],
    ['post a job', 'POST', '/jobs', jobs!.url, restaurant.token],
    // issue 39: an appeal's statement
    ['appeal', 'POST', '/reliability/appeals', jobs!.url, chef.token],
    ['escrow', 'POST', '/payments/create-escrow-payment', payments!.url, restaurant.token],
    ['message', 'POST', `/messages/job/${job.id}`, messaging!.url, chef.token],
    ['preferences', 'PUT', '/notifications/preferences', notifications!.url, chef.token],
    // issue 39: the credentials form takes JSON too (its fields; a file only in multipart)
    ['credentials', 'POST', '/credentials', identity!.url, chef.token],
  ];
  return rows.map(([label, method, api, service, token]) => ({ label, method, api, service, token }));
}

test('JSON nested 10 to 100000 levels deep gets a 4xx JSON error on every route, through the gateway and at each service, and changes nothing', async () => {
  const before = await settledSnapshot(stack);
  const problems: string[] = [];
  const tooDeep: string[] = [];
  for (const t of targets())
    for (const depth of DEPTHS)
      for (const [shape, text] of [
        ['arrays', nestedArrays(depth)],
        ['objects', nestedObjects(depth)],
      ])
        for (const [where, url] of [
          ['gateway', `${stack.url}/api${t.api}`],
          ['service', `${t.service}${t.api}`],
        ]) {
          const answer = await send(url, t.method, { body: text, token: t.token });
          const label = `${t.label} ${where} ${shape} x${depth}`;
          if (JSON.stringify(shown(answer)) !== JSON.stringify(refusedCleanly))
            problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 120)}`);
          // Deeper than the cap and within the size limits: refused for its depth, before any parsing.
          if (depth > MAX_JSON_DEPTH && answer.status === 400 && answer.body?.code !== 'HTTP.TOO_DEEP')
            tooDeep.push(`${label}: ${answer.body?.code}`);
        }
  // Profile forms parse JSON out of multipart fields, and chef search out of its query.
  const form = new FormData();
  form.set('skills', nestedArrays(30_000));
  const field = await stack.call('POST', '/api/profiles/chef', { token: chef.token, raw: form });
  const query = await send(
    `${stack.url}/api/profiles/chefs?skills=${encodeURIComponent(nestedArrays(2000))}`,
    'GET',
    { token: restaurant.token },
  );
  for (const [label, answer] of [
    ['multipart field', { ...field, type: field.headers.get('content-type') ?? '' }],
    ['query', query],
  ] as const)
    if (JSON.stringify(shown(answer)) !== JSON.stringify(refusedCleanly))
      problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 120)}`);
  expect(problems).toEqual([]);
  expect(tooDeep).toEqual([]);
  expect(changedTables(before, await settledSnapshot(stack))).toEqual([]);
  // Brackets inside strings are text, not nesting: a bio full of them (and of escaped quotes) is saved.
  const bio = '"[{'.repeat(80);
  const saved = await stack.call('POST', '/api/profiles/chef', { token: chef.token, body: { bio } });
  expect([saved.status, saved.body?.profile?.bio]).toEqual([200, bio]);
});

test('a chunked 2 MB body gets a JSON 413 without a stack trace: the Stripe webhook through the gateway and at payments, and every service', async () => {
  const twoMegabytes = Array.from({ length: 32 }, () => Buffer.alloc(64 * 1024, 'a'));
  const services = stack.brigade.services;
  const cases: Array<[string, string]> = [
    ['webhook via gateway', `${stack.url}/api/payments/webhooks/stripe`],
    ['webhook at payments', `${services.payments!.url}/payments/webhooks/stripe`],
    ['signin via gateway', `${stack.url}/api/auth/signin`],
    ['identity', `${services.identity!.url}/auth/signin`],
    ['jobs', `${services.jobs!.url}/jobs`],
    ['payments', `${services.payments!.url}/payments/create-escrow-payment`],
    ['messaging', `${services.messaging!.url}/messages/job/${job.id}`],
    ['notifications', `${services.notifications!.url}/notifications/preferences`],
  ];
  const answers = [];
  for (const [label, url] of cases) {
    const answer = await send(url, 'POST', { chunks: twoMegabytes });
    answers.push([label, answer.status, shown(answer), answer.body?.code]);
  }
  expect(answers).toEqual(cases.map(([label]) => [label, 413, refusedCleanly, 'HTTP.413']));
});

test('a chunked multipart upload far over 5 MB to /credentials is a JSON 413 with its code, and nothing is stored', async () => {
  const before = await settledSnapshot(stack);
  const boundary = 'brigade-hostile-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfood_handler\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="expires_on"\r\n\r\n2030-01-01\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  // 8 MB of "photo" with no Content-Length: the gateway cannot refuse it by its length, multer stops at 5 MB
  const photo = Array.from({ length: 128 }, (_, i) =>
    i === 0
      ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64 * 1024 - 3)])
      : Buffer.alloc(64 * 1024),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const type = `multipart/form-data; boundary=${boundary}`;
  const answers = [];
  for (const [label, url] of [
    ['gateway', `${stack.url}/api/credentials`],
    ['identity', `${stack.brigade.services.identity!.url}/credentials`],
  ] as const) {
    const answer = await send(url, 'POST', { chunks: [head, ...photo, tail], token: chef.token, type });
    answers.push([label, answer.status, shown(answer), answer.body?.code]);
  }
  expect(answers).toEqual([
    ['gateway', 413, refusedCleanly, 'IDENTITY.CREDENTIAL_FILE_TOO_LARGE'],
    ['identity', 413, refusedCleanly, 'IDENTITY.CREDENTIAL_FILE_TOO_LARGE'],
  ]);
  expect(changedTables(before, await settledSnapshot(stack))).toEqual([]);
});

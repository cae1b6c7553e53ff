import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { credentialEndsAt, localDate } from '@brigade/contracts';
import { listAudit, sql } from '@brigade/kit';
import { EXE_AS_PDF, JPEG_PHOTO, newAccount, PDF_SCAN, signUp, startIdentity, type Harness } from './harness';

// Issue 39: a chef's credentials in identity, with the embedded default's file store (disk under a folder of
// the data): added with a photo or a PDF, read back through URLs signed for 5 minutes, checked by an operator
// (verified, rejected with a reason, revoked), shown as badges on the profile and in the chef search, announced
// CREDENTIAL_EXPIRY_NOTICE before they expire, and no longer counted from the day they expire.

const OPERATOR = { email: 'ops@brigade.test', password: 'operator password 1' };
const ZONE = 'America/Chicago';
const DAY = 86_400_000;
let h: Harness;
let dir: string;
let offset = 0;
/** An instant the clock stands still at (null: it runs, `offset` ahead) */
let pinned: number | null = null;
const now = () => new Date(pinned ?? Date.now() + offset);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'brigade-credential-files-'));
  h = await startIdentity(
    {
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      CREDENTIAL_FILES_DIR: dir,
      // the sweep runs by hand in these tests
      CREDENTIAL_SWEEP_POLL_MS: '3600000',
    },
    { now },
  );
});
afterEach(() => {
  offset = 0;
  pinned = null;
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const operatorToken = async () =>
  (await h.post('/auth/signin', OPERATOR)).body.session.access_token as string;
/** A day `days` from the clock's today in Minneapolis, YYYY-MM-DD. */
const inDays = (days: number) => localDate(new Date(now().getTime() + days * DAY), ZONE);

/** A chef signed up with a Minneapolis profile (the zone their credentials' dates are read in). */
async function chef(name = 'Ana Ruiz') {
  const session = await signUp(h, 'chef');
  const profile = await h.post(
    '/profiles/chef',
    { name, bio: 'Line cook', city: 'Minneapolis', skills: '["Line Cook"]' },
    session.access_token,
  );
  expect(profile.status).toBe(200);
  return { id: session.user.id, token: session.access_token };
}

function form(fields: Record<string, string>, file: { bytes: Buffer; name: string; type: string } | null) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set('file', new Blob([file.bytes], { type: file.type }), file.name);
  return f;
}
const photo = { bytes: JPEG_PHOTO, name: 'card.jpg', type: 'image/jpeg' };
const foodHandler = (expires_on = inDays(365)) => ({
  type: 'food_handler',
  number: 'FH-2231',
  issuer: 'Hennepin County',
  expires_on,
});

async function add(token: string, fields = foodHandler(), file: typeof photo | null = photo) {
  return h.form('/credentials', form(fields, file), token);
}
/** A signed URL as the service answers it (`/api/...` behind the gateway), fetched from the service itself. */
const fetchFile = (url: string) => fetch(url.startsWith('/api/') ? h.url + url.slice(4) : url);

function storedFiles(): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}
async function rowsOf(chefId: string) {
  const [row] = await h.database.rows<{ n: number }>(
    sql`select count(*)::int as n from identity.credentials where chef_id = ${chefId}`,
  );
  return row!.n;
}
async function outbox(type: string, credentialId: string) {
  return h.database.rows<{ payload: any }>(
    sql`select payload from identity.outbox where type = ${type} and payload->>'credential_id' = ${credentialId}`,
  );
}

test('a chef adds a card photo: pending, listed with its file through a URL that works for 5 minutes', async () => {
  const ana = await chef();
  const added = await add(ana.token);
  expect(added.status).toBe(201);
  expect(added.body.credential).toMatchObject({
    type: 'food_handler',
    number: 'FH-2231',
    issuer: 'Hennepin County',
    expires_on: inDays(365),
    status: 'pending',
    file_type: 'image/jpeg',
    reason: null,
    decided_at: null,
  });
  const { id, file_url } = added.body.credential;
  expect(file_url).toMatch(/^\/api\/credential-files\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);

  const listed = await h.get('/credentials', ana.token);
  expect(listed.status).toBe(200);
  expect(listed.body.credentials).toEqual([expect.objectContaining({ id, status: 'pending' })]);

  const file = await fetchFile(listed.body.credentials[0].file_url);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/jpeg');
  expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  expect(file.headers.get('cache-control')).toBe('private, no-store');
  expect(Buffer.from(await file.arrayBuffer()).equals(JPEG_PHOTO)).toBe(true);

  // five minutes later the same URL is refused; a tampered one reads as unknown
  offset = 5 * 60_000 + 1_000;
  expect(await (await fetchFile(file_url)).json()).toMatchObject({ code: 'IDENTITY.FILE_LINK_EXPIRED' });
  offset = 0;
  const tampered = file_url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
  expect((await fetchFile(tampered)).status).toBe(404);
});

test('a PDF is taken too; only chefs add or list credentials, and only their own', async () => {
  const ana = await chef();
  const pdf = await add(ana.token, foodHandler(), {
    bytes: PDF_SCAN,
    name: 'card.pdf',
    type: 'application/pdf',
  });
  expect(pdf.status).toBe(201);
  expect(pdf.body.credential.file_type).toBe('application/pdf');
  const file = await fetchFile(pdf.body.credential.file_url);
  expect(file.headers.get('content-type')).toBe('application/pdf');

  const other = await chef('Bo Lee');
  expect((await h.get('/credentials', other.token)).body.credentials).toEqual([]);
  const restaurant = await signUp(h, 'restaurant');
  expect(await add(restaurant.access_token)).toMatchObject({
    status: 403,
    body: { code: 'AUTH.WRONG_ROLE' },
  });
  expect((await h.get('/credentials', restaurant.access_token)).status).toBe(403);
  expect((await h.get('/credentials')).status).toBe(401);
  const ops = await operatorToken();
  expect((await h.get('/credentials', ops)).status).toBe(403);
});

test('bad input is refused with a clear 4xx and a code, and nothing is stored', async () => {
  const ana = await chef();
  const filesBefore = storedFiles().length;
  const cases: Array<[string, Promise<{ status: number; body: any }>, number, string]> = [
    [
      'a 6 MB file',
      add(ana.token, foodHandler(), {
        bytes: Buffer.concat([JPEG_PHOTO, Buffer.alloc(6_000_000)]),
        name: 'big.jpg',
        type: 'image/jpeg',
      }),
      413,
      'IDENTITY.CREDENTIAL_FILE_TOO_LARGE',
    ],
    [
      'an .exe renamed .pdf',
      add(ana.token, foodHandler(), { bytes: EXE_AS_PDF, name: 'card.pdf', type: 'application/pdf' }),
      415,
      'IDENTITY.CREDENTIAL_FILE_TYPE',
    ],
    [
      'an expiry date in the past',
      add(ana.token, foodHandler(inDays(-3))),
      400,
      'IDENTITY.CREDENTIAL_EXPIRED_DATE',
    ],
    [
      'an expiry date of today',
      add(ana.token, foodHandler(inDays(0))),
      400,
      'IDENTITY.CREDENTIAL_EXPIRED_DATE',
    ],
    [
      'a type not in the list',
      add(ana.token, { ...foodHandler(), type: 'forklift_license' }),
      400,
      'IDENTITY.CREDENTIAL_TYPE',
    ],
    ['no file', add(ana.token, foodHandler(), null), 400, 'IDENTITY.CREDENTIAL_FILE_REQUIRED'],
    ['a date that is not one', add(ana.token, foodHandler('2027-02-30')), 400, 'VALIDATION.FAILED'],
  ];
  for (const [name, answer, status, code] of cases) {
    const res = await answer;
    expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status, code });
    expect(typeof res.body.error).toBe('string');
  }
  expect(await rowsOf(ana.id)).toBe(0);
  expect(storedFiles().length).toBe(filesBefore);
});

test('at most 5 wait for review at once', async () => {
  const ana = await chef();
  for (let i = 0; i < 5; i++) expect((await add(ana.token)).status).toBe(201);
  expect(await add(ana.token)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.TOO_MANY_PENDING_CREDENTIALS', pending_max: 5 },
  });
  expect(await rowsOf(ana.id)).toBe(5);
});

test('an operator reads the file in the queue and verifies it: audited, announced, a badge on the profile and in search', async () => {
  const ana = await chef('Ana Verified');
  const { credential } = (await add(ana.token)).body;
  const ops = await operatorToken();

  expect((await h.get('/ops/credentials', ana.token)).status).toBe(403);
  const queue = await h.get('/ops/credentials?status=pending', ops);
  expect(queue.status).toBe(200);
  const queued = queue.body.credentials.find((c: any) => c.id === credential.id);
  expect(queued).toMatchObject({ chef_id: ana.id, chef_name: 'Ana Verified', status: 'pending' });
  expect(queued.chef_email).toMatch(/@example\.com$/);
  expect((await fetchFile(queued.file_url)).status).toBe(200);
  expect((await h.get('/ops/credentials?status=lost', ops)).status).toBe(400);

  const verified = await h.post(`/ops/credentials/${credential.id}/verify`, {}, ops);
  expect(verified.status).toBe(200);
  expect(verified.body.credential).toMatchObject({ id: credential.id, status: 'verified', reason: null });
  expect(verified.body.credential.decided_at).toEqual(expect.any(String));
  expect(await outbox('identity.credential.verified.v1', credential.id)).toEqual([
    {
      payload: expect.objectContaining({
        chef_id: ana.id,
        credential_id: credential.id,
        type: 'food_handler',
        expires_on: inDays(365),
      }),
    },
  ]);
  const audit = await listAudit(h.database, 'identity', { subjectId: ana.id });
  expect(audit).toEqual([
    expect.objectContaining({
      action: 'credential.verify',
      subject_type: 'user',
      detail: expect.objectContaining({ credential_id: credential.id, type: 'food_handler' }),
    }),
  ]);
  // a second decision on it is refused
  expect(await h.post(`/ops/credentials/${credential.id}/verify`, {}, ops)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.CREDENTIAL_NOT_PENDING' },
  });

  const restaurant = await signUp(h, 'restaurant');
  const profile = await h.get(`/profiles/chef/${ana.id}`, restaurant.access_token);
  expect(profile.body.profile.verified_credentials).toEqual(['food_handler']);
  expect((await h.get('/profiles/me', ana.token)).body.profile.verified_credentials).toEqual([
    'food_handler',
  ]);
  const search = await h.get('/profiles/chefs?city=Minneapolis&limit=200', restaurant.access_token);
  const found = search.body.chefs.find((c: any) => c.user_id === ana.id);
  expect(found.verified_credentials).toEqual(['food_handler']);
  // a chef with nothing verified carries an empty list
  const bo = await chef('Bo Plain');
  expect(
    (await h.get(`/profiles/chef/${bo.id}`, restaurant.access_token)).body.profile.verified_credentials,
  ).toEqual([]);
});

test('a rejection carries its reason to the chef; a revocation takes the badge away at once', async () => {
  const ana = await chef('Ana Revoked');
  const ops = await operatorToken();
  const blurry = (await add(ana.token)).body.credential;
  expect(await h.post(`/ops/credentials/${blurry.id}/reject`, {}, ops)).toMatchObject({
    status: 400,
    body: { code: 'VALIDATION.FAILED' },
  });
  expect(await h.post(`/ops/credentials/${blurry.id}/revoke`, { reason: 'x' }, ops)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.CREDENTIAL_NOT_VERIFIED' },
  });
  const rejected = await h.post(
    `/ops/credentials/${blurry.id}/reject`,
    { reason: 'The photo is blurry' },
    ops,
  );
  expect(rejected.body.credential).toMatchObject({ status: 'rejected', reason: 'The photo is blurry' });
  expect((await outbox('identity.credential.rejected.v1', blurry.id))[0].payload.reason).toBe(
    'The photo is blurry',
  );
  expect((await h.get('/credentials', ana.token)).body.credentials[0]).toMatchObject({
    status: 'rejected',
    reason: 'The photo is blurry',
  });

  const good = (await add(ana.token, { ...foodHandler(), type: 'alcohol_server' })).body.credential;
  await h.post(`/ops/credentials/${good.id}/verify`, {}, ops);
  expect((await h.get(`/profiles/chef/${ana.id}`, ana.token)).body.profile.verified_credentials).toEqual([
    'alcohol_server',
  ]);
  const revoked = await h.post(
    `/ops/credentials/${good.id}/revoke`,
    { reason: 'The county cancelled it' },
    ops,
  );
  expect(revoked.body.credential).toMatchObject({ status: 'revoked', reason: 'The county cancelled it' });
  expect(await outbox('identity.credential.revoked.v1', good.id)).toHaveLength(1);
  expect((await h.get(`/profiles/chef/${ana.id}`, ana.token)).body.profile.verified_credentials).toEqual([]);
  const queue = await h.get('/ops/credentials?status=revoked', ops);
  expect(queue.body.credentials.map((c: any) => c.id)).toContain(good.id);
  expect(await h.post(`/ops/credentials/not-an-id/verify`, {}, ops)).toMatchObject({
    status: 404,
    body: { code: 'IDENTITY.CREDENTIAL_NOT_FOUND' },
  });
});

test('CREDENTIAL_EXPIRY_NOTICE before its day the chef is told once; from its day it reads expired and counts nowhere', async () => {
  const ana = await chef('Ana Expiring');
  const ops = await operatorToken();
  const expiresOn = inDays(40);
  const c = (await add(ana.token, foodHandler(expiresOn))).body.credential;
  const pending = (await add(ana.token, { ...foodHandler(expiresOn), type: 'allergen_awareness' })).body
    .credential;
  await h.post(`/ops/credentials/${c.id}/verify`, {}, ops);

  // 40 days out: not yet (the notice is 30 days)
  await h.service.credentials.pass();
  expect(await outbox('identity.credential.expiring.v1', c.id)).toEqual([]);
  // 29 days before: announced once, whatever the passes
  const ends = credentialEndsAt(expiresOn, ZONE).getTime();
  pinned = ends - 29 * DAY;
  await h.service.credentials.pass();
  await h.service.credentials.pass();
  expect(await outbox('identity.credential.expiring.v1', c.id)).toEqual([
    { payload: { chef_id: ana.id, credential_id: c.id, type: 'food_handler', expires_on: expiresOn } },
  ]);

  // the last moment of the day before, it still counts; from 00:00 of its day in Minneapolis, it does not
  pinned = ends - 1;
  expect((await h.get(`/profiles/chef/${ana.id}`, ana.token)).body.profile.verified_credentials).toEqual([
    'food_handler',
  ]);
  pinned = ends;
  expect((await h.get(`/profiles/chef/${ana.id}`, ana.token)).body.profile.verified_credentials).toEqual([]);
  const mine = (await h.get('/credentials', ana.token)).body.credentials;
  expect(mine.map((x: any) => [x.id, x.status]).sort()).toEqual(
    [
      [c.id, 'expired'],
      [pending.id, 'expired'],
    ].sort(),
  );
  // a pending one whose day came is not verified any more; it shows in the expired queue
  expect(await h.post(`/ops/credentials/${pending.id}/verify`, {}, ops)).toMatchObject({
    status: 409,
    body: { code: 'IDENTITY.CREDENTIAL_NOT_PENDING' },
  });
  const expired = (await h.get('/ops/credentials?status=expired', ops)).body.credentials.map(
    (x: any) => x.id,
  );
  expect(expired).toEqual(expect.arrayContaining([c.id, pending.id]));
  expect((await h.get('/ops/credentials', ops)).body.credentials.map((x: any) => x.id)).not.toContain(
    pending.id,
  );
});

test('a new chef with no profile reads dates in Minneapolis time, and a chef in Detroit in Detroit time', async () => {
  // at noon in Minneapolis, so that tomorrow is tomorrow in Detroit too (at 23:30 it is already today there)
  pinned = credentialEndsAt(inDays(0), ZONE).getTime() + 12 * 3_600_000;
  const session = (await h.post('/auth/signup', newAccount('chef'))).body.session;
  const tomorrow = inDays(1);
  expect((await add(session.access_token, foodHandler(tomorrow))).status).toBe(201);
  // 00:00 of tomorrow in Detroit is 23:00 today in Minneapolis: a Detroit chef's card expiring tomorrow stops then
  const detroit = await signUp(h, 'chef');
  await h.post(
    '/profiles/chef',
    { name: 'Dee Troit', bio: 'Prep', city: 'Detroit', skills: '["Prep Cook"]' },
    detroit.access_token,
  );
  const c = (await add(detroit.access_token, foodHandler(tomorrow))).body.credential;
  pinned = credentialEndsAt(tomorrow, 'America/Detroit').getTime();
  expect((await h.get('/credentials', detroit.access_token)).body.credentials).toEqual([
    expect.objectContaining({ id: c.id, status: 'expired' }),
  ]);
  expect((await h.get('/credentials', session.access_token)).body.credentials[0].status).toBe('pending');
});

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { localDate } from '@brigade/contracts';
import { EXE_AS_PDF, PDF_SCAN, signUp, startIdentity, type Harness } from './harness';
import { startTestS3, type TestS3 } from './s3-store';

// Issue 39: credentials' files in an S3-compatible store (S3_ENDPOINT, S3_BUCKET), as real mode keeps them:
// s3rver, started here on a free port with its bucket in a temporary folder, stands in for the store our machines
// do not have. The file goes to the bucket, is read through a presigned GET that lasts 5 minutes, and a refused
// upload leaves nothing there.

const OPERATOR = { email: 'ops@brigade.test', password: 'operator password 1' };
let s3: TestS3;
let h: Harness;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startTestS3();
  h = await startIdentity({
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    ...s3.env,
  });
  bucket = new S3Client({
    endpoint: s3.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  bucket?.destroy();
  await h?.close();
  await s3?.close();
});

async function keysIn(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}
const inAYear = () => localDate(new Date(Date.now() + 365 * 86_400_000), 'America/Chicago');

function upload(token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('type', 'food_protection_manager');
  form.set('expires_on', inAYear());
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), name);
  return h.form('/credentials', form, token);
}

test('the file goes to the bucket under the chef, and is read through a presigned GET of 5 minutes', async () => {
  const chef = await signUp(h, 'chef');
  const added = await upload(chef.access_token, PDF_SCAN, 'certificate.pdf');
  expect(added.status).toBe(201);
  const { id, file_url } = added.body.credential;
  expect(await keysIn()).toContain(`credentials/${chef.user.id}/${id}.pdf`);

  const url = new URL(file_url);
  expect(url.origin).toBe(s3.url);
  expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  const file = await fetch(file_url);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await file.arrayBuffer()).equals(PDF_SCAN)).toBe(true);

  // the operator's queue signs its own URL; verifying works as with the disk store
  const ops = (await h.post('/auth/signin', OPERATOR)).body.session.access_token;
  const queued = (await h.get('/ops/credentials', ops)).body.credentials.find((c: any) => c.id === id);
  expect((await fetch(queued.file_url)).status).toBe(200);
  const verified = await h.post(`/ops/credentials/${id}/verify`, {}, ops);
  expect(verified.body.credential.status).toBe('verified');
});

test('an .exe renamed .pdf is refused before anything reaches the bucket', async () => {
  const chef = await signUp(h, 'chef');
  const before = await keysIn();
  expect(await upload(chef.access_token, EXE_AS_PDF, 'card.pdf')).toMatchObject({
    status: 415,
    body: { code: 'IDENTITY.CREDENTIAL_FILE_TYPE' },
  });
  expect(await keysIn()).toEqual(before);
  expect((await h.get('/credentials', chef.access_token)).body.credentials).toEqual([]);
});

test('a store that cannot be reached is a 503 with a code, and no credential is kept', async () => {
  const down = await startIdentity({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9', S3_TIMEOUT_MS: '500' });
  try {
    const chef = await signUp(down, 'chef');
    const form = new FormData();
    form.set('type', 'food_handler');
    form.set('expires_on', inAYear());
    form.set('file', new Blob([PDF_SCAN], { type: 'application/pdf' }), 'card.pdf');
    expect(await down.form('/credentials', form, chef.access_token)).toMatchObject({
      status: 503,
      body: { code: 'IDENTITY.FILE_STORE_UNAVAILABLE' },
    });
    expect((await down.get('/credentials', chef.access_token)).body.credentials).toEqual([]);
  } finally {
    await down.close();
  }
});

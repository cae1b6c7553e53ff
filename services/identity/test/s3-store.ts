import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * Issue 39: an S3-compatible store for a test, our machines having no S3 server: s3rver on a free port, keeping
 * its bucket in a temporary folder, and the identity settings that reach it (`S3_ENDPOINT`, `S3_BUCKET` and
 * s3rver's fixed keys). `close` stops it and removes the folder.
 */
export interface TestS3 {
  url: string;
  bucket: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'brigade-credentials'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'brigade-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    env: { S3_ENDPOINT: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
